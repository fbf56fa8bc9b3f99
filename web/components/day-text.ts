/**
 * Calendar days typed as DD/MM/YYYY, the way Indian schools write them (and how the app shows dates: day
 * first), held as YYYY-MM-DD in URLs and API calls. Digits of any Indian script are read too.
 */

export const DAY_FORMAT = 'DD/MM/YYYY';
export const DAY_FORMAT_MESSAGE = `Enter a date as ${DAY_FORMAT}, for example 26/01/2026.`;
export const NO_SUCH_DAY_MESSAGE = 'There is no such date. Please check the day and the month.';

/** The zero of each decimal digit block an Indian user may type in (ASCII, Indic scripts, Arabic, full width). */
const DIGIT_ZEROS = [
  0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xff10,
];

/** Any script's decimal digits as ASCII digits ("२६" → "26"); other characters stay. */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((start) => code >= start && code < start + 10);
    return zero === undefined ? digit : String(code - zero);
  });
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** "2026-01-26" → "26/01/2026"; anything else → "". */
export function dayToText(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(iso ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

export type ParsedDay =
  | { kind: 'empty' }
  | { kind: 'day'; iso: string }
  | { kind: 'invalid'; message: string };

/**
 * What was typed: nothing, a day (DD/MM/YYYY, also with "-", "." or spaces between, one-digit day or month,
 * and YYYY-MM-DD as pasted from elsewhere), or why it is not a date.
 */
export function parseDayText(text: string): ParsedDay {
  const clean = asciiDigits(text.normalize('NFKC')).trim();
  if (clean === '') return { kind: 'empty' };
  const isoLike = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/u.exec(clean);
  const dayFirst = /^(\d{1,2})\s*[-/.\s]\s*(\d{1,2})\s*[-/.\s]\s*(\d{4})$/u.exec(clean);
  const parts = isoLike
    ? [isoLike[3], isoLike[2], isoLike[1]]
    : dayFirst
      ? [dayFirst[1], dayFirst[2], dayFirst[3]]
      : null;
  if (!parts) return { kind: 'invalid', message: DAY_FORMAT_MESSAGE };
  const [day, month, year] = parts.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return { kind: 'invalid', message: NO_SUCH_DAY_MESSAGE };
  }
  return { kind: 'day', iso: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` };
}
