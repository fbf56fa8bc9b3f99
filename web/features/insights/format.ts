import type { InsightMoment, LessonHeat, LessonViewing, Trend } from '../../../common/contracts/insights';
import { formatClock } from '../../../common/time';

/** "1 question", "3 questions". */
export const plural = (count: number, noun: string, nouns = `${noun}s`) =>
  `${count} ${count === 1 ? noun : nouns}`;

/** A share 0..1 as a whole percent: "45%". */
export const percent = (share: number) =>
  `${Math.round(Math.min(1, Math.max(0, Number.isFinite(share) ? share : 0)) * 100)}%`;

/** A stretch of a lesson as players show it: "2:00–2:30". */
export const clockRange = (startSeconds: number, lengthSeconds: number) =>
  `${formatClock(startSeconds)}–${formatClock(startSeconds + lengthSeconds)}`;

export type TrendDirection = 'up' | 'down' | 'same';

export interface TrendView {
  direction: TrendDirection;
  /** This week minus last week. */
  change: number;
  /** Short, beside the figure: "+3", "−2", "±0". */
  short: string;
  /** In words, for the accessible name and the tooltip: "up 3 on last week (9)". */
  words: string;
}

/** How this week compares with last week. */
export function trendView({ thisWeek, lastWeek }: Trend): TrendView {
  const change = thisWeek - lastWeek;
  if (change === 0)
    return { direction: 'same', change, short: '±0', words: `same as last week (${lastWeek})` };
  const direction = change > 0 ? 'up' : 'down';
  return {
    direction,
    change,
    // A real minus sign: a hyphen reads as a dash beside a number.
    short: change > 0 ? `+${change}` : `−${-change}`,
    words: `${direction} ${Math.abs(change)} on last week (${lastWeek})`,
  };
}

/** Heat levels of a strip's cells: 0 for none, then 1..HEAT_LEVELS by share of the lesson's hottest stretch. */
export const HEAT_LEVELS = 4;

export function heatLevel(count: number, max: number): number {
  if (!(count > 0) || !(max > 0)) return 0;
  return Math.min(HEAT_LEVELS, Math.max(1, Math.ceil((count / max) * HEAT_LEVELS)));
}

export interface HotStretch {
  startSeconds: number;
  endSeconds: number;
  questions: number;
}

/**
 * The hottest stretch of a lesson: its most-asked cell, widened over the neighbours asked at least half as
 * often, so a strip reads "most at 2:00–3:00" rather than one arbitrary half-minute. Null when nobody asked.
 */
export function hottestStretch(heat: Pick<LessonHeat, 'buckets' | 'bucketSeconds' | 'durationSeconds'>) {
  const { buckets, bucketSeconds } = heat;
  const max = Math.max(0, ...buckets);
  if (max === 0) return null;
  const peak = buckets.indexOf(max);
  const floor = max / 2;
  let first = peak;
  let last = peak;
  while (first > 0 && buckets[first - 1] >= floor && buckets[first - 1] > 0) first--;
  while (last < buckets.length - 1 && buckets[last + 1] >= floor && buckets[last + 1] > 0) last++;
  const questions = buckets.slice(first, last + 1).reduce((sum, count) => sum + count, 0);
  const end = Math.min((last + 1) * bucketSeconds, Math.max(heat.durationSeconds, bucketSeconds));
  return { startSeconds: first * bucketSeconds, endSeconds: end, questions } satisfies HotStretch;
}

/** The heat strip's accessible name: what a sighted teacher reads from the colours at a glance. */
export function heatSummary(heat: LessonHeat): string {
  const total = heat.buckets.reduce((sum, count) => sum + count, 0);
  const hot = hottestStretch(heat);
  if (!hot) return `${heat.title}: no questions about this lesson yet`;
  const range = `${formatClock(hot.startSeconds)}–${formatClock(hot.endSeconds)}`;
  return `${heat.title}: ${plural(total, 'question')}, most at ${range} (${hot.questions})`;
}

/** One cell's tooltip: "2:00–2:30: 7 questions". */
export function heatCellLabel(
  index: number,
  heat: Pick<LessonHeat, 'bucketSeconds' | 'durationSeconds'>,
  count: number,
) {
  const start = index * heat.bucketSeconds;
  const end = Math.min(start + heat.bucketSeconds, Math.max(heat.durationSeconds, start + 1));
  return `${formatClock(start)}–${formatClock(end)}: ${plural(count, 'question')}`;
}

/** How long ago, in words: "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function agoText(at: string, now: number): string {
  const seconds = Math.max(0, (now - Date.parse(at)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, 'hour')} ago`;
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
}

/** "Updated just now", "Updated 5 minutes ago". */
export const updatedText = (refreshedAt: string, now: number) => `Updated ${agoText(refreshedAt, now)}`;

/** Where in the lesson a moment is: "slide 2 “Angles”", "at 2:30", "page 4", or nothing for an FAQ entry. */
export function momentPlace(
  moment: Pick<InsightMoment, 'kind' | 'slide' | 'heading' | 'startSeconds' | 'page'>,
): string {
  const parts: string[] = [];
  if (moment.slide !== null) parts.push(`slide ${moment.slide}`);
  if (moment.heading) parts.push(`“${moment.heading}”`);
  if (moment.kind === 'material' && moment.page !== null) parts.push(`page ${moment.page}`);
  if (moment.kind !== 'material' && moment.kind !== 'faq' && moment.startSeconds !== null)
    parts.push(`at ${formatClock(moment.startSeconds)}`);
  return parts.join(' · ');
}

export interface FixAction {
  label: string;
  href: string;
}

/**
 * What the teacher can do about a moment: improve a library slide's narration (the wizard opens that slide),
 * or open the lesson or the study material in the course editor. An FAQ entry needs no fixing here.
 */
export function fixAction(
  moment: Pick<InsightMoment, 'kind' | 'libraryId' | 'slide'>,
  courseId: string,
): FixAction | null {
  if (moment.libraryId) {
    const slide = moment.slide !== null ? `&slide=${moment.slide}` : '';
    return { label: 'Improve this slide', href: `/course-library-wizard?id=${moment.libraryId}${slide}` };
  }
  const course = `/add-course-list?courseId=${encodeURIComponent(courseId)}`;
  if (moment.kind === 'video' || moment.kind === 'slide')
    return { label: 'Open the lesson', href: `${course}&step=course-videos` };
  if (moment.kind === 'material')
    return { label: 'Open the study material', href: `${course}&step=study-material` };
  return null;
}

/** The viewing chart's accessible name: how many were still watching at the start and end, and the low point. */
export function viewingSummary(lesson: Pick<LessonViewing, 'title' | 'parts' | 'partSeconds'>): string {
  const { parts, partSeconds } = lesson;
  if (parts.length === 0) return `${lesson.title}: no viewing yet`;
  const low = parts.indexOf(Math.min(...parts));
  const first = percent(parts[0]);
  const last = percent(parts[parts.length - 1]);
  return `${lesson.title}: ${first} of viewers watched the start and ${last} the end; fewest at ${clockRange(low * partSeconds, partSeconds)} (${percent(parts[low])})`;
}

/** "Most who stop, stop at 3:20 (45%)", or null when every viewer finished. */
export function dropOffText(lesson: Pick<LessonViewing, 'dropOff'>): string | null {
  if (!lesson.dropOff) return null;
  return `Most who stop, stop at ${formatClock(lesson.dropOff.seconds)} (${percent(lesson.dropOff.share)})`;
}
