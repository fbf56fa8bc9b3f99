import type { FastifyRequest } from 'fastify';
import {
  type Catalog,
  EN_CATALOG,
  formatMessage,
  keyOfText,
  type MessageValues,
} from '../../common/i18n/catalog';
import hi from '../../common/i18n/hi.json';
import { acceptedLanguages, isLocale, type Locale, pickLocale } from '../../common/i18n/locales';
import { keyOfModuleText, MODULE_EN_CATALOG } from '../../common/i18n/module-messages';
import moduleHi from '../../common/i18n/module-messages/hi.json';

/** Every catalog, loaded once: the server answers in any of them (the core's and the modules' messages). */
const CATALOGS: Record<Locale, Catalog> = {
  en: { ...EN_CATALOG, ...MODULE_EN_CATALOG },
  hi: { ...hi, ...moduleHi },
};

/**
 * The language the server answers a request in (decision 068): the caller's chosen one when logged in, else the
 * first language of Accept-Language the interface speaks, else English. The one place that decides.
 */
export function localeOf(request: FastifyRequest): Locale {
  const chosen = request.actor?.locale;
  if (isLocale(chosen)) return chosen;
  return pickLocale(acceptedLanguages(request.headers['accept-language']));
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
  const key = keyOfText(text) ?? keyOfModuleText(text);
  return key ? translate(locale, key) : text;
}
