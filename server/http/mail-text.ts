import type { MessageValues } from '../../common/i18n/catalog';
import { INTL_LOCALES, type Locale } from '../../common/i18n/locales';
import { storedLocale, translate } from './locale';

/** A catalog message in one recipient's language, with that language's Intl locale for numbers and money. */
export type Say = ((key: string, values?: MessageValues) => string) & { locale: Locale; intlLocale: string };

/** `Say` for a recipient: their stored language (decision 068), English when they never chose one. */
export function sayTo(recipient: { locale?: string | null }): Say {
  const locale = storedLocale(recipient.locale);
  const say = (key: string, values?: MessageValues) => translate(locale, key, values);
  return Object.assign(say, { locale, intlLocale: INTL_LOCALES[locale] });
}

/**
 * An e-mail's plain text: the greeting, the paragraphs (blank lines between), the signature; every e-mail reads
 * alike in every language.
 */
export function mailText(say: Say, name: string | null | undefined, paragraphs: string[]): string {
  const greeting = name ? say('mail.greeting', { name }) : say('mail.greetingNoName');
  return [greeting, ...paragraphs, say('mail.signature')].join('\n\n');
}
