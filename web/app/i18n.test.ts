import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFERRAL_MSG } from '../../common/contracts/partners';
import hiModules from '../../common/i18n/module-messages/hi.json';
import { MSG } from '../../common/messages';

// The browser's parts this module touches, and no more: a store for the choice and <html lang>.
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
});
vi.stubGlobal('document', { documentElement: { lang: 'en' } });

const { catalogsReady, inInterfaceLanguage, setLocale } = await import('./i18n');
const { registerModuleMessages } = await import('./module-messages');

describe("a schema's or a module's English text in the interface language", () => {
  beforeAll(async () => {
    registerModuleMessages();
    await setLocale('hi');
    await catalogsReady();
  });
  afterAll(() => vi.unstubAllGlobals());

  it("reads the core's texts and a registered module's constants in Hindi, and any other text as it is", () => {
    expect(inInterfaceLanguage(REFERRAL_MSG.unknownCode)).toBe(hiModules['referralMsg.unknownCode']);
    expect(inInterfaceLanguage(MSG.required)).toBe('कृपया यह फ़ील्ड भरें');
    expect(inInterfaceLanguage('A text no catalog holds')).toBe('A text no catalog holds');
    expect(document.documentElement.lang).toBe('hi');
  });

  it('reads them in English, as they are, once the reader switches back', async () => {
    await setLocale('en');
    expect(inInterfaceLanguage(REFERRAL_MSG.unknownCode)).toBe(REFERRAL_MSG.unknownCode);
  });
});
