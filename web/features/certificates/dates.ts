import { INTL_LOCALES, type Locale } from '../../../common/i18n/locales';

/** "30 November 2026" / "30 नवंबर 2026": a certificate's date as its reader's language writes it, in India's time. */
export const certificateDay = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );
