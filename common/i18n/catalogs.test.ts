import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LIBRARY_MSG } from '../library';
import { AUTH_MSG, MSG } from '../messages';
import { EN_CATALOG, formatMessage, keyOfText, type Message } from './catalog';
import hi from './hi.json';
import { LOCALES } from './locales';
import { keyOfModuleText, MODULE_EN_CATALOG, MODULE_TEXTS } from './module-messages';
import moduleHi from './module-messages/hi.json';

/** What a message needs from its caller: its arguments and its rich-text tags, however deeply nested. */
function slotsOf(message: Message): string[] {
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
const textOf = (message: Message) =>
  typeof message === 'string'
    ? message
    : message.map((part) => ('value' in part ? String(part.value) : '')).join('');

const CATALOGS: Record<string, Record<string, string>> = { hi };

/** Each feature's own catalogs (web/features/<name>/i18n/xx.json, decision 069), read as the build reads them. */
const FEATURES_DIR = path.resolve(import.meta.dirname, '../../web/features');
const FEATURE_CATALOGS = readdirSync(FEATURES_DIR)
  .filter((name) => existsSync(path.join(FEATURES_DIR, name, 'i18n', 'en.json')))
  .map((name) => {
    const read = (locale: string): Record<string, string> | undefined => {
      const file = path.join(FEATURES_DIR, name, 'i18n', `${locale}.json`);
      return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
    };
    return { name, en: read('en') ?? {}, others: Object.fromEntries(LOCALES.map((l) => [l, read(l)])) };
  });

/** The checks every language's catalog passes against its English, the core's and each feature's alike. */
function describeTranslation(
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

describeTranslation('catalogs', EN_CATALOG, CATALOGS);
describeTranslation("the modules' messages", MODULE_EN_CATALOG, { hi: moduleHi });

it("the modules' messages keep their numbers in every language (a limit written into the text)", () => {
  const numbers = (text: string) => (text.match(/\d+/gu) ?? []).sort().join();
  const differing = Object.entries(MODULE_TEXTS).filter(
    ([key, text]) => numbers(text) !== numbers((moduleHi as Record<string, string>)[key] ?? ''),
  );
  expect(differing).toEqual([]);
});

it('the server answers a module message in the caller language', () => {
  expect(keyOfModuleText(LIBRARY_MSG.busy)).toBe('libraryMsg.busy');
  expect(formatMessage(moduleHi, 'hi', 'libraryMsg.busy', undefined, MODULE_EN_CATALOG)).toMatch(/लाइब्रेरी/u);
});

for (const feature of FEATURE_CATALOGS) {
  describeTranslation(`the ${feature.name} feature's catalogs`, feature.en, feature.others);

  it(`the ${feature.name} feature's keys are its own: under "${feature.name}.", none of the core's`, () => {
    const keys = Object.keys(feature.en);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !key.startsWith(`${feature.name}.`))).toEqual([]);
    expect(keys.filter((key) => key in EN_CATALOG)).toEqual([]);
  });

  it(`the ${feature.name} feature registers its catalogs`, () => {
    const index = path.join(FEATURES_DIR, feature.name, 'i18n', 'index.ts');
    expect(existsSync(index) && readFileSync(index, 'utf8')).toContain('registerCatalog(');
  });
}

describe('the English catalog', () => {
  it('holds the spec texts word for word, from their constants', () => {
    expect(formatMessage(EN_CATALOG, 'en', 'msg.password')).toBe(MSG.password);
    expect(formatMessage(EN_CATALOG, 'en', 'authMsg.developerAccessPending')).toBe(
      AUTH_MSG.developerAccessPending,
    );
    expect(keyOfText(AUTH_MSG.emailTaken)).toBe('authMsg.emailTaken');
  });

  it('plurals by ICU rules in each language', () => {
    expect(formatMessage(EN_CATALOG, 'en', 'shell.trialDays', { days: 1 })).toBe('1 Day Remaining');
    expect(formatMessage(EN_CATALOG, 'en', 'shell.trialDays', { days: 10 })).toBe('10 Days Remaining');
    expect(formatMessage(hi, 'hi', 'shell.trialDays', { days: 10 })).toBe('10 दिन शेष');
    expect(formatMessage(hi, 'hi', 'home.shelf.byline', { teacher: 'सीमा', lessons: 1 })).toBe(
      'सीमा द्वारा · 1 पाठ',
    );
  });

  it('falls back to English for a key a catalog lacks, and to the key for an unknown one', () => {
    expect(formatMessage({}, 'hi', 'auth.login.title')).toBe('Log in');
    expect(formatMessage(hi, 'hi', 'no.such.key')).toBe('no.such.key');
  });
});
