/** A duration split into zero-padded display parts; `hours` is null when the duration is under an hour. */
export interface DurationParts {
  hours: string | null;
  minutes: string;
  seconds: string;
  milliseconds: string;
}

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * Splits a duration in milliseconds into display parts for lesson/video timings. The whole duration is
 * first rounded to the nearest `roundTo` ms (default 50; 0 or less means whole ms), so rounding carries
 * into seconds (59 999 ms -> 01:00.000) instead of producing "1000". Hours, minutes and seconds are padded
 * to 2 digits, milliseconds to 3; hours are null when 0 and not truncated past 99. Negative or non-finite
 * input is treated as 0.
 */
export function formatDuration(ms: number, opts: { roundTo?: number } = {}): DurationParts {
  const roundTo = opts.roundTo ?? 50;
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  const rounded = Number.isFinite(roundTo) && roundTo > 0 ? Math.round(safe / roundTo) * roundTo : safe;
  const total = Math.round(rounded);
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const milliseconds = total % 1000;
  return {
    hours: hours === 0 ? null : pad(hours, 2),
    minutes: pad(minutes, 2),
    seconds: pad(seconds, 2),
    milliseconds: pad(milliseconds, 3),
  };
}

/**
 * Player-style clock for a duration: "HH:MM:SS", or "MM:SS" under an hour. Uses the same default
 * rounding as {@link formatDuration} and then drops the milliseconds.
 */
export function formatClock(ms: number): string {
  const { hours, minutes, seconds } = formatDuration(ms);
  return hours === null ? `${minutes}:${seconds}` : `${hours}:${minutes}:${seconds}`;
}

function toValidDate(date: Date | string): Date | undefined {
  const parsed = date instanceof Date ? date : new Date(date);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/**
 * Formats a date as "MM-DD-YYYY" in UTC, so server and browser render the same day regardless of the
 * machine's time zone. Returns '' for unparseable input.
 */
export function formatDateMDY(date: Date | string): string {
  const d = toValidDate(date);
  if (!d) return '';
  return `${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}-${pad(d.getUTCFullYear(), 4)}`;
}

/**
 * Formats a date as "DD MMM, YYYY" (e.g. "05 Jan, 2026") in UTC with English month abbreviations, for
 * locale-independent display. Returns '' for unparseable input.
 */
export function formatDateLong(date: Date | string): string {
  const d = toValidDate(date);
  if (!d) return '';
  return `${pad(d.getUTCDate(), 2)} ${MONTHS_SHORT[d.getUTCMonth()]}, ${pad(d.getUTCFullYear(), 4)}`;
}
