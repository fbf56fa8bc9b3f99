import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import type { Message } from './catalog';
import { LOCALES } from './locales';

// The checks every catalog's translations pass (the core's, the modules', each feature's, the server's own), for
// the catalog tests to share.

/** What a message needs from its caller: its arguments and its rich-text tags, however deeply nested. */
export function slotsOf(message: Message): string[] {
  const slots = new Set<string>();
  const walk = (elements: unknown[]): void => {
    for (const element of elements as {
      type: number;
      value?: unknown;
      options?: object;
      children?: unknown[];
    }[]) {
      // 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural, 8 tag (intl-messageformat's TYPE).
      if (element.type === 8) slots.add(`<${String(element.value)}>`);
      else if (element.type >= 1 && element.type <= 6) slots.add(String(element.value));
      if (element.children) walk(element.children);
      for (const option of Object.values(element.options ?? {}) as { value: unknown[] }[]) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst());
  return [...slots].sort();
}

/** A message's text as written: the spec's texts are kept as one literal each. */
export const textOf = (message: Message) =>
  typeof message === 'string'
    ? message
    : message.map((part) => ('value' in part ? String(part.value) : '')).join('');

/** The checks every language's catalog passes against its English, the core's and each feature's alike. */
export function describeTranslation(
  title: string,
  english: Record<string, Message>,
  catalogs: Record<string, Record<string, string> | undefined>,
) {
  describe(title, () => {
    it('names every language it ships', () =>
      expect(
        Object.keys(catalogs)
          .filter((locale) => locale !== 'en' && catalogs[locale])
          .sort(),
      ).toEqual(LOCALES.filter((l) => l !== 'en')));

    for (const [locale, catalog] of Object.entries(catalogs)) {
      if (locale === 'en' || !catalog) continue;
      it(`${locale} has every English key and no other`, () => {
        expect(Object.keys(english).filter((key) => !(key in catalog))).toEqual([]);
        expect(Object.keys(catalog).filter((key) => !(key in english))).toEqual([]);
      });

      it(`${locale} messages take the same placeholders and tags as English`, () => {
        const differing = Object.keys(catalog)
          .filter((key) => key in english)
          .filter((key) => slotsOf(catalog[key]).join() !== slotsOf(english[key]).join());
        expect(differing).toEqual([]);
      });

      it(`${locale} translates rather than copies`, () => {
        // Brand names, numbers and the like may be the same in both; whole sentences may not.
        const copied = Object.keys(catalog).filter(
          (key) => catalog[key] === textOf(english[key]) && /\p{L}{3,}\s+\p{L}{3,}/u.test(catalog[key]),
        );
        expect(copied).toEqual([]);
      });
    }
  });
}
