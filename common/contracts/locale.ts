import { z } from 'zod';
import en from '../i18n/en.json' with { type: 'json' };
import { LOCALES } from '../i18n/locales';

/** The interface language a person chooses (PUT /api/common/locale; decision 068). */
export const chosenLocale = z.enum(LOCALES, { error: en['server.chooseLanguage'] });
export const localeBodySchema = z.object({ locale: chosenLocale });
export type LocaleBody = z.infer<typeof localeBodySchema>;
