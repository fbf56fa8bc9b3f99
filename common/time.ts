/**
 * The one place durations become text (docs/decisions/027-one-way-for-the-rest.md). Every formatter here takes
 * seconds, except the caption timestamp, whose milliseconds matter.
 */

/** A caption timestamp's zero-padded parts; `hours` is null when the moment is under an hour. */
export interface TimestampParts {
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
 * Splits a moment in milliseconds into the parts of a caption timestamp (WebVTT/SRT). The whole moment is
 * first rounded to the nearest `roundTo` ms (default 50; 0 or less means whole ms), so rounding carries into
 * seconds (59 999 ms -> 01:00.000) instead of producing "1000". Hours, minutes and seconds are padded to 2
 * digits, milliseconds to 3; hours are null when 0 and not truncated past 99. Negative or non-finite input
 * is treated as 0.
 */
export function timestampParts(ms: number, opts: { roundTo?: number } = {}): TimestampParts {
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

const wholeSeconds = (seconds: number | null | undefined) =>
  Number.isFinite(seconds) && (seconds as number) > 0 ? Math.floor(seconds as number) : 0;

/**
 * A moment or length as video players show it: "m:ss", or "h:mm:ss" from an hour on (0:04, 2:05, 1:01:01).
 * Seconds are cut, not rounded, so a countdown never shows a second it has not reached; negative, missing
 * or non-finite input is 0:00.
 */
export function formatClock(seconds: number | null | undefined): string {
  const whole = wholeSeconds(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = pad(whole % 60, 2);
  return h > 0 ? `${h}:${pad(m, 2)}:${s}` : `${m}:${s}`;
}

/**
 * A span of time in words, to the second ("1 min 15 s", "12 s") or, for long spans such as time spent
 * learning, to the nearest minute ("2 h 5 min", "12 min", "0 min").
 */
export function formatSpan(seconds: number, precision: 'second' | 'minute' = 'second'): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const units = precision === 'minute' ? Math.round(total / 60) * 60 : Math.round(total);
  const h = Math.floor(units / 3600);
  const m = Math.floor((units % 3600) / 60);
  const s = units % 60;
  const parts = [
    h > 0 ? `${h} h` : '',
    m > 0 ? `${m} min` : '',
    precision === 'second' && s > 0 ? `${s} s` : '',
  ];
  const text = parts.filter(Boolean).join(' ');
  return text || (precision === 'minute' ? '0 min' : '0 s');
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
