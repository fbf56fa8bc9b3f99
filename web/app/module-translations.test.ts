import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGS_MSG } from '../../common/contracts/logs';
import { PLAN_MSG } from '../../common/contracts/plans';
import { fill } from '../../common/i18n/message-template';
import hiModules from '../../common/i18n/module-messages/hi.json';
import { atMostCharacters } from '../../common/messages';

// The browser's parts this module touches, and no more: a store for the choice and <html lang>.
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
});
vi.stubGlobal('document', { documentElement: { lang: 'en' } });

const { catalogsReady, inInterfaceLanguage, setLocale, t } = await import('./i18n');
const { registerModuleTranslations } = await import('./module-translations');

const duplicate = fill(PLAN_MSG.duplicatePrice, { period: 'monthly', currency: 'INR' });

describe("shared schemas' messages in the interface language (decision 070)", () => {
  beforeAll(() => registerModuleTranslations());
  // Test files share one module registry (decision 064): the next file finds the interface in English again.
  afterAll(async () => {
    await setLocale('en');
    vi.unstubAllGlobals();
  });

  it('loads nothing for an English reader: the message reads as the schema wrote it', () => {
    expect(inInterfaceLanguage(duplicate)).toBe('There is already a monthly price in INR');
    // The modules' catalog was not fetched: its keys are unknown.
    expect(t('planMsg.onePrice')).toBe('planMsg.onePrice');
  });

  it("reads a module's template, a module's text and the core's template in Hindi once Hindi is chosen", async () => {
    await setLocale('hi');
    await catalogsReady();
    expect(inInterfaceLanguage(duplicate)).toBe('INR में monthly कीमत पहले से है');
    expect(inInterfaceLanguage(LOGS_MSG.rangeOrder)).toBe(hiModules['logsMsg.rangeOrder']);
    expect(inInterfaceLanguage(atMostCharacters(150))).toBe('कृपया अधिकतम 150 अक्षर लिखें');
    expect(inInterfaceLanguage('Please use at most many characters')).toBe('कृपया अधिकतम many अक्षर लिखें');
  });
});
