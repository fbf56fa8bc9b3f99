import { INTL_LOCALES, type Locale } from './i18n/locales';

/**
 * The one place time becomes text (docs/decisions/027-one-way-for-the-rest.md, 047-words-and-dates.md): one
 * format per kind. Durations take seconds (the caption timestamp milliseconds, which matter there); moments
 * (Date, ISO string or epoch ms) read as dates "05 Jan, 2026", date-times "05 Jan, 2026, 14:05" and months
 * "Jan 2026", in the viewer's time zone unless a `timeZone` is given.
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

/** Intl's own word for an amount of a unit in a language other than English ("2 घंटे", "1 मिनट"). */
const unitIn = (locale: Locale, unit: 'hour' | 'minute' | 'second', value: number) =>
  new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'unit', unit, unitDisplay: 'long' }).format(value);

/**
 * A span of time in words, to the second ("1 min 15 s", "12 s") or, for long spans such as time spent
 * learning, to the nearest minute ("2 h 5 min", "12 min", "0 min"). Another language than English (the
 * default) gets Intl's full unit words, "2 घंटे 5 मिनट": its short forms (घं, मि, से) are abbreviations few
 * read at a glance, and से also reads as "from".
 */
export function formatSpan(
  seconds: number,
  precision: 'second' | 'minute' = 'second',
  locale: Locale = 'en',
): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const units = precision === 'minute' ? Math.round(total / 60) * 60 : Math.round(total);
  const h = Math.floor(units / 3600);
  const m = Math.floor((units % 3600) / 60);
  const s = units % 60;
  const say = (unit: 'hour' | 'minute' | 'second', value: number, english: string) =>
    locale === 'en' ? `${value} ${english}` : unitIn(locale, unit, value);
  const parts = [
    h > 0 ? say('hour', h, 'h') : '',
    m > 0 ? say('minute', m, 'min') : '',
    precision === 'second' && s > 0 ? say('second', s, 's') : '',
  ];
  const text = parts.filter(Boolean).join(' ');
  return text || (precision === 'minute' ? say('minute', 0, 'min') : say('second', 0, 's'));
}

function toValidDate(date: Date | string): Date | undefined {
  const parsed = date instanceof Date ? date : new Date(date);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/**
 * The spec's other, numeric date format "MM-DD-YYYY", in UTC so server and browser give the same day. Pages
 * show dates with formatDate; this is for where a numeric day is asked for. Returns '' for unparseable input.
 */
export function formatDateMDY(date: Date | string): string {
  const d = toValidDate(date);
  if (!d) return '';
  return `${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}-${pad(d.getUTCFullYear(), 4)}`;
}

/** What the date formatters take: a Date, an ISO string or epoch milliseconds. */
export type Moment = Date | string | number;

/** An IANA zone ("Asia/Kolkata", "UTC"); without one, the runtime's own (the viewer's, in the browser). */
export interface InZone {
  timeZone?: string;
  /**
   * The interface language (decision 068). English, the default, keeps the spec's fixed forms word for word;
   * another language gets its own country's (Hindi: hi-IN, "05 जन॰ 2026"), through Intl.
   */
  locale?: Locale;
}

const localFormatters = new Map<string, Intl.DateTimeFormat>();

/** The moment in a language other than English, with Intl's words and order for it; undefined when unreadable. */
function localText(
  value: Moment | null | undefined,
  locale: Locale,
  timeZone: string | undefined,
  fields: Intl.DateTimeFormatOptions,
): string | undefined {
  const date = toMoment(value);
  if (!date) return undefined;
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(fields)}`;
  let formatter = localFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeZone, hourCycle: 'h23', ...fields });
    localFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

const DAY_FIELDS = { day: '2-digit', month: 'short', year: 'numeric' } as const;
const TIME_FIELDS = { hour: '2-digit', minute: '2-digit' } as const;

/** Shown for a missing or unreadable moment. */
export const NO_DATE = '—';

/** A calendar day without a time ("2026-01-05"): the day itself, whatever the zone. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar month ("2026-01"). */
const CALENDAR_MONTH = /^\d{4}-\d{2}$/;

interface MomentParts {
  weekday: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** Digits only ('en-US', h23): the words and their order are ours, so no locale changes the text. */
function partsFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = partsFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    partsFormatters.set(key, formatter);
  }
  return formatter;
}

function toMoment(value: Moment | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const parsed = value instanceof Date ? value : new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/** The moment's wall-clock parts in `timeZone`; undefined when it cannot be read. An unknown zone throws. */
function partsOf(value: Moment | null | undefined, timeZone: string | undefined): MomentParts | undefined {
  const date = toMoment(value);
  if (!date) return undefined;
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return {
    weekday: parts.weekday,
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const dayText = (p: MomentParts) => `${pad(p.day, 2)} ${MONTHS_SHORT[p.month - 1]}, ${pad(p.year, 4)}`;
const timeText = (p: MomentParts, seconds = false) =>
  `${pad(p.hour, 2)}:${pad(p.minute, 2)}${seconds ? `:${pad(p.second, 2)}` : ''}`;

/**
 * A calendar date, the spec's "DD MMM, YYYY": "05 Jan, 2026", on the day the moment falls in `timeZone` (the
 * viewer's by default). A bare "YYYY-MM-DD" is that day in any zone. Missing or unreadable input is "—".
 */
export function formatDate(value: Moment | null | undefined, options: InZone = {}): string {
  const calendarDay = typeof value === 'string' && CALENDAR_DAY.test(value);
  const zone = calendarDay ? 'UTC' : options.timeZone;
  if (options.locale && options.locale !== 'en')
    return localText(value, options.locale, zone, DAY_FIELDS) ?? NO_DATE;
  const parts = partsOf(value, zone);
  return parts ? dayText(parts) : NO_DATE;
}

export interface DateTimeOptions extends InZone {
  /** Lead with the day of the week ("Wed, 20 May, 2026, 14:30"), where the day matters, as for meetings. */
  weekday?: boolean;
  /** To the second ("14:03:27"), as log lines need. */
  seconds?: boolean;
}

/**
 * A date and a 24-hour time: "05 Jan, 2026, 14:05" in `timeZone` (the viewer's by default). Missing or
 * unreadable input is "—".
 */
export function formatDateTime(value: Moment | null | undefined, options: DateTimeOptions = {}): string {
  if (options.locale && options.locale !== 'en') {
    const fields: Intl.DateTimeFormatOptions = { ...DAY_FIELDS, ...TIME_FIELDS };
    if (options.seconds) fields.second = '2-digit';
    if (options.weekday) fields.weekday = 'short';
    return localText(value, options.locale, options.timeZone, fields) ?? NO_DATE;
  }
  const parts = partsOf(value, options.timeZone);
  if (!parts) return NO_DATE;
  const weekday = options.weekday ? `${parts.weekday}, ` : '';
  return `${weekday}${dayText(parts)}, ${timeText(parts, options.seconds)}`;
}

/** The time of day alone, 24-hour: "14:05" (or "14:05:09" to the second). Missing or unreadable input is "—". */
export function formatTime(value: Moment | null | undefined, options: DateTimeOptions = {}): string {
  const parts = partsOf(value, options.timeZone);
  return parts ? timeText(parts, options.seconds) : NO_DATE;
}

/**
 * From one moment to another: "Wed, 20 May, 2026, 14:30 – 16:00" when both fall on one day in `timeZone`,
 * otherwise both in full; no end is the start alone.
 */
export function formatDateTimeRange(
  start: Moment | null | undefined,
  end: Moment | null | undefined,
  options: DateTimeOptions = {},
): string {
  const from = formatDateTime(start, options);
  if (end === null || end === undefined || from === NO_DATE) return from;
  const sameDay = formatDate(start, options) === formatDate(end, options);
  return `${from} – ${sameDay ? formatTime(end, options) : formatDateTime(end, options)}`;
}

/**
 * A calendar month: "Mar 2026". A "YYYY-MM" (how the server names months) is that month in any zone; a moment
 * is the month it falls in within `timeZone`. Missing or unreadable input is "—".
 */
export function formatMonth(value: Moment | null | undefined, options: InZone = {}): string {
  const calendarMonth = typeof value === 'string' && CALENDAR_MONTH.test(value);
  const moment = calendarMonth ? `${value}-01` : value;
  const zone = calendarMonth ? 'UTC' : options.timeZone;
  if (options.locale && options.locale !== 'en') {
    return localText(moment, options.locale, zone, { month: 'short', year: 'numeric' }) ?? NO_DATE;
  }
  const parts = partsOf(moment, zone);
  return parts ? `${MONTHS_SHORT[parts.month - 1]} ${pad(parts.year, 4)}` : NO_DATE;
}
