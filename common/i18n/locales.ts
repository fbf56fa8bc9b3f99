/**
 * The interface's languages (decision 068). Adding one is translation work only: its catalog beside en.json, its
 * code here and its name in its own script. `''` on an account means the person never chose (the browser decides).
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as a language menu lists them. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * The `Intl` locale a language formats with. English keeps en-US, the spec's fixed form for dates and money
 * ("$1,234.50"); Hindi formats as India does, grouping lakhs and crores (₹1,18,000.00).
 */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', hi: 'hi-IN' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the caller's preferred languages that the interface speaks, by primary subtag (hi-IN → hi,
 * en-GB → en), else English. `tags` in order of preference, as navigator.languages gives them.
 */
export function pickLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags, most preferred first (q=0 ones dropped; malformed parts ignored). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** A number in the language's grouping: 118000 → "118,000" in English, "1,18,000" in Hindi. */
export function formatNumber(
  value: number,
  locale: Locale = DEFAULT_LOCALE,
  options?: Intl.NumberFormatOptions,
) {
  return new Intl.NumberFormat(INTL_LOCALES[locale], options).format(value);
}
