import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIBRARY_MSG } from '../library';
import { AUTH_MSG, MSG } from '../messages';
import { EN_CATALOG, formatMessage, keyOfText } from './catalog';
import hi from './hi.json';
import { LOCALES } from './locales';
import { MODULE_EN_CATALOG, MODULE_TEXTS, readModuleText } from './module-messages';
import moduleHi from './module-messages/hi.json';
import { describeTranslation } from './translation-checks';

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
  expect(readModuleText(LIBRARY_MSG.busy)).toEqual({ key: 'libraryMsg.busy' });
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
