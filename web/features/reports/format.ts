import { formatSpan } from '../../../common/time';
/** Time spent learning, to the nearest minute: "2 h 5 min". */
export const formatTimeSpent = (seconds: number) => formatSpan(seconds, 'minute');

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatDateTime = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : '—');
export const formatDay = (iso: string) => DATE.format(new Date(iso));
export const formatPercent = (value: number | null) => (value === null ? '—' : `${value}%`);
