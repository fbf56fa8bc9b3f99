import { IntlMessageFormat } from 'intl-messageformat';
import { GURU_MSG } from '../gurus';
import { AUTH_MSG, MSG } from '../messages';
import { SIDE_NAV } from '../navigation';
import { ROLE_LABELS } from '../roles';
import enFile from './en.json';
import { INTL_LOCALES, type Locale } from './locales';

/** A catalog: ICU MessageFormat messages by namespaced key ("auth.login.title"). */
export type Catalog = Readonly<Record<string, string>>;
export type MessageValues = Record<string, string | number | Date>;

/** A constants object's plain texts under `prefix.` (functions, like MSG.url, are not messages). */
function keyed(prefix: string, texts: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(texts))
    if (typeof text === 'string') out[`${prefix}.${name}`] = text;
  return out;
}

/** ICU quoting: an apostrophe doubled, so a spec text with "admin's" or "Don't" reads back word for word. */
const icuLiteral = (text: string) => text.replaceAll("'", "''").replaceAll('{', "'{'").replaceAll('}', "'}'");

/** Navigation labels keyed by the label itself ("nav.Course Management"): the spec's list stays in navigation.ts. */
export const navKey = (label: string) => `nav.${label}`;
const NAV_LABELS = [...new Set(Object.values(SIDE_NAV).flatMap((items) => items.map((item) => item.label)))];

/** The spec's texts keyed where they live, word for word (not yet ICU-quoted). */
const SPEC_TEXTS: Record<string, string> = {
  ...keyed('msg', MSG),
  ...keyed('authMsg', AUTH_MSG),
  ...keyed('guru', GURU_MSG),
  ...keyed('role', ROLE_LABELS),
  ...Object.fromEntries(NAV_LABELS.map((label) => [navKey(label), label])),
};

/**
 * The English catalog: en.json plus the spec's texts keyed where they live (MSG, AUTH_MSG, role names, navigation),
 * so common/*.ts stays their single source and no English text is written twice.
 */
export const EN_CATALOG: Catalog = {
  ...Object.fromEntries(Object.entries(SPEC_TEXTS).map(([key, text]) => [key, icuLiteral(text)])),
  ...(enFile as Record<string, string>),
};

/**
 * The key of an English text the server has in hand (an error thrown with AUTH_MSG.x, a schema's MSG.required), so
 * the error path can answer in the caller's language. Only whole texts without placeholders; the first key wins.
 */
const KEY_OF_TEXT = new Map<string, string>();
for (const [key, text] of [
  ...Object.entries(SPEC_TEXTS),
  ...Object.entries(enFile as Record<string, string>),
]) {
  if (!/[{}<]/.test(text) && !KEY_OF_TEXT.has(text)) KEY_OF_TEXT.set(text, key);
}
export const keyOfText = (text: string): string | undefined => KEY_OF_TEXT.get(text);

const compiled = new Map<string, IntlMessageFormat>();

/**
 * A message of `catalog` formatted in `locale`, falling back to English for a key the catalog lacks (the catalog
 * test keeps that from happening) and to the key itself for one no catalog has.
 */
export function formatMessage(catalog: Catalog, locale: Locale, key: string, values?: MessageValues): string {
  const own = catalog[key];
  const source = own ?? EN_CATALOG[key];
  if (source === undefined) return key;
  const useLocale = own === undefined ? 'en' : locale;
  const cacheKey = `${useLocale}\u0000${source}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(source, INTL_LOCALES[useLocale]);
    compiled.set(cacheKey, format);
  }
  const out = format.format(values);
  return Array.isArray(out) ? out.join('') : String(out);
}

/**
 * A message with rich parts: `values` may hold tag functions (`b: (chunks) => …`) and non-text values, and the
 * answer is the list of parts in order, for a view to render (web/app/i18n.ts `rich`).
 */
export function formatParts<T>(
  catalog: Catalog,
  locale: Locale,
  key: string,
  values: Record<string, unknown>,
): (string | T)[] {
  const own = catalog[key];
  const source = own ?? EN_CATALOG[key];
  if (source === undefined) return [key];
  const format = new IntlMessageFormat(source, INTL_LOCALES[own === undefined ? 'en' : locale]);
  const out = format.format<T>(values as Parameters<typeof format.format<T>>[0]);
  return Array.isArray(out) ? (out as (string | T)[]) : [out as string | T];
}
