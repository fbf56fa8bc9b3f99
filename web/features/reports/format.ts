/** "2 h 5 min", "12 min", "0 min": time spent, rounded to minutes. */
export function formatTimeSpent(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
}

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatDateTime = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : '—');
export const formatDay = (iso: string) => DATE.format(new Date(iso));
export const formatPercent = (value: number | null) => (value === null ? '—' : `${value}%`);
