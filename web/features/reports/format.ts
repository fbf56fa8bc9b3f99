import type { Locale } from '../../../common/i18n/locales';
import { formatSpan } from '../../../common/time';
/** Time spent learning, to the nearest minute: "2 h 5 min". */
export const formatTimeSpent = (seconds: number, locale: Locale) => formatSpan(seconds, 'minute', locale);

export const formatPercent = (value: number | null) => (value === null ? '—' : `${value}%`);
