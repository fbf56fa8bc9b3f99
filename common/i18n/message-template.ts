/**
 * Texts with values written by the shared code in English ("Please use at most {max} characters"): a schema's
 * message is a string fixed when the schema is built, so it is filled in English there, and the reader's language
 * is found again from the filled text (decision 070). A template holds only `{name}` slots: no plural, no markup.
 */
const SLOT = /\{(\w+)\}/g;

/** The English text of `template` with its slots filled. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(SLOT, (slot, name: string) => (name in values ? String(values[name]) : slot));
}

/**
 * Whether a text is a template: at least one `{name}` slot, and no other ICU syntax (plurals, tags) that a filled
 * text could not be read back from.
 */
export const isTemplate = (text: string): boolean =>
  /\{\w+\}/.test(text) && !/[{}<]/.test(text.replace(SLOT, ''));

/** intl-messageformat's syntax tree of a template: literals (type 0) and simple arguments (type 1). */
export type TemplateTree = { type: 0 | 1; value: string }[];

/**
 * A template as intl-messageformat's syntax tree (literals and arguments), built without the ICU parser, which the
 * browser bundle leaves out (web/build/precompiled-catalogs.ts). A plain text is one literal.
 */
export function templateMessage(template: string): TemplateTree {
  const parts: TemplateTree = [];
  let last = 0;
  for (const match of template.matchAll(SLOT)) {
    if (match.index > last) parts.push({ type: 0, value: template.slice(last, match.index) });
    parts.push({ type: 1, value: match[1] as string });
    last = match.index + match[0].length;
  }
  if (last < template.length || parts.length === 0) parts.push({ type: 0, value: template.slice(last) });
  return parts;
}

/** The fewest letters outside the slots for a template to be read back. */
const MIN_LETTERS = 6;

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface ReadText {
  key: string;
  values?: Record<string, string>;
}

/**
 * The keys of filled templates: which template a text was filled from, and with what. The first template added
 * wins, as for plain texts. Each slot matches at least one character, lazily, so "at most 200 characters" reads
 * max = "200".
 */
export class TemplateReader {
  private readonly templates: { key: string; pattern: RegExp; names: string[] }[] = [];

  add(key: string, template: string): void {
    // A template that is mostly slots ("{a} — {b}") would claim texts it never made.
    if ((template.replace(SLOT, '').match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return;
    const names = [...template.matchAll(SLOT)].map((match) => match[1] as string);
    const source = template
      .split(SLOT)
      .map((part, index) => (index % 2 === 1 ? '([\\s\\S]+?)' : escapeForPattern(part)))
      .join('');
    this.templates.push({ key, pattern: new RegExp(`^${source}$`), names });
  }

  read(text: string): ReadText | undefined {
    for (const { key, pattern, names } of this.templates) {
      const match = pattern.exec(text);
      if (match)
        return { key, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]])) };
    }
    return undefined;
  }
}
