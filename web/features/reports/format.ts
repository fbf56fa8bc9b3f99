import { formatSpan } from '../../../common/time';
/** Time spent learning, to the nearest minute: "2 h 5 min". */
export const formatTimeSpent = (seconds: number) => formatSpan(seconds, 'minute');

export const formatPercent = (value: number | null) => (value === null ? '—' : `${value}%`);
