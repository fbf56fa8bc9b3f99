import type { FastifyRequest } from 'fastify';
import {
  type Catalog,
  EN_CATALOG,
  formatMessage,
  type MessageValues,
  readText,
} from '../../common/i18n/catalog';
import hi from '../../common/i18n/hi.json' with { type: 'json' };
import {
  acceptedLanguages,
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  pickLocale,
} from '../../common/i18n/locales';
import { MODULE_EN_CATALOG, readModuleText } from '../../common/i18n/module-messages';
import moduleHi from '../../common/i18n/module-messages/hi.json' with { type: 'json' };
import { SERVER_EN, SERVER_HI } from '../i18n/catalog';
import type { Said } from '../i18n/text';

/** Every catalog, loaded once: the server answers in any of them (the core's and the modules' messages). */
const CATALOGS: Record<Locale, Catalog> = {
  en: { ...EN_CATALOG, ...MODULE_EN_CATALOG, ...SERVER_EN },
  hi: { ...hi, ...moduleHi, ...SERVER_HI },
};

/** A server text without placeholders by its English (a status stored in English, read back in Hindi). */
const KEY_OF_SERVER_TEXT = new Map<string, string>();
for (const [key, text] of Object.entries(SERVER_EN))
  if (!/[{}<]/.test(text) && !KEY_OF_SERVER_TEXT.has(text)) KEY_OF_SERVER_TEXT.set(text, key);

/**
 * The language the server answers a request in (decision 068): the caller's chosen one when logged in, else the
 * first language of Accept-Language the interface speaks, else English. The one place that decides.
 */
export function localeOf(request: FastifyRequest): Locale {
  const chosen = request.actor?.locale;
  if (isLocale(chosen)) return chosen;
  return headerLocale(request.headers['accept-language']);
}

/**
 * Accept-Language headers already read: browsers send a handful of distinct values, and every successful answer
 * asks (stored-texts.ts), so the header is parsed once per value, not once per request (issue 38's hot path).
 */
const READ_HEADERS = new Map<string, Locale>();
const READ_HEADERS_MAX = 512;

export function headerLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let locale = READ_HEADERS.get(header);
  if (locale === undefined) {
    locale = pickLocale(acceptedLanguages(header));
    if (READ_HEADERS.size >= READ_HEADERS_MAX) READ_HEADERS.clear();
    READ_HEADERS.set(header, locale);
  }
  return locale;
}

/** A stored locale ('' or an unknown code read as English): for e-mails, which go by the recipient's choice. */
export const storedLocale = (value: string | null | undefined): Locale => (isLocale(value) ? value : 'en');

/** A catalog message in `locale`. */
export function translate(locale: Locale, key: string, values?: MessageValues): string {
  return formatMessage(CATALOGS[locale], locale, key, values, CATALOGS.en);
}

/**
 * An English text the server produced (an error's message, a schema's field message) in `locale`, when it is a
 * catalog text; any other text as it is, so a message no catalog holds yet still reads, in English.
 */
export function inLocale(locale: Locale, text: string): string {
  if (locale === 'en') return text;
  const serverKey = KEY_OF_SERVER_TEXT.get(text);
  const read = readText(text) ?? readModuleText(text) ?? (serverKey ? { key: serverKey } : undefined);
  return read ? translate(locale, read.key, read.values) : text;
}

/** A text in `locale`: a Said by its key and values, a plain string as `inLocale` finds it. */
export function speak(locale: Locale, text: string | Said): string {
  return typeof text === 'string' ? inLocale(locale, text) : translate(locale, text.key, text.values);
}
