import type {
  InsightMoment,
  LessonHeat,
  LessonViewing,
  Trend,
  UnansweredGroup,
} from '../../../common/contracts/insights';
import { formatClock } from '../../../common/time';
import { t } from './i18n';

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
    return { direction: 'same', change, short: '±0', words: t('insights.trend.same', { lastWeek }) };
  const direction = change > 0 ? 'up' : 'down';
  return {
    direction,
    change,
    // A real minus sign: a hyphen reads as a dash beside a number.
    short: change > 0 ? `+${change}` : `−${-change}`,
    words: t(direction === 'up' ? 'insights.trend.up' : 'insights.trend.down', {
      change: Math.abs(change),
      lastWeek,
    }),
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
  return {
    startSeconds: first * bucketSeconds,
    endSeconds: stretchEnd(last, heat),
    questions,
  } satisfies HotStretch;
}

/** Where stretch `index` ends: a stretch later, or at the end of the lesson for the last one. */
function stretchEnd(index: number, heat: Pick<LessonHeat, 'bucketSeconds' | 'durationSeconds'>) {
  const end = (index + 1) * heat.bucketSeconds;
  return heat.durationSeconds > 0 ? Math.min(end, heat.durationSeconds) : end;
}

/** How many other stretches the heat strip's summary names after the hottest one. */
const NEXT_STRETCHES = 2;

/**
 * The heat strip's accessible name: what a sighted teacher reads from the colours at a glance — where questions
 * cluster most, then the next busiest stretches outside it ("Angles: 17 questions, most at 1:00–2:00 (11); then
 * 3:00–3:30 (2)"). The cells' own tooltips need a pointer, so this says what they would.
 */
export function heatSummary(heat: LessonHeat): string {
  const total = heat.buckets.reduce((sum, count) => sum + count, 0);
  const hot = hottestStretch(heat);
  if (!hot) return t('insights.heat.none', { title: heat.title });
  const range = `${formatClock(hot.startSeconds)}–${formatClock(hot.endSeconds)}`;
  const next = heat.buckets
    .map((count, index) => ({ count, index }))
    .filter(({ count, index }) => {
      const start = index * heat.bucketSeconds;
      return count > 0 && (start < hot.startSeconds || start >= hot.endSeconds);
    })
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .slice(0, NEXT_STRETCHES)
    .map(
      ({ count, index }) =>
        `${formatClock(index * heat.bucketSeconds)}–${formatClock(stretchEnd(index, heat))} (${count})`,
    );
  const values = { title: heat.title, total, range, questions: hot.questions };
  return next.length > 0
    ? t('insights.heat.summaryThen', { ...values, next: next.join(', ') })
    : t('insights.heat.summary', values);
}

/** One cell's tooltip: "2:00–2:30: 7 questions". */
export function heatCellLabel(
  index: number,
  heat: Pick<LessonHeat, 'bucketSeconds' | 'durationSeconds'>,
  count: number,
) {
  const start = index * heat.bucketSeconds;
  return t('insights.heat.cell', {
    range: `${formatClock(start)}–${formatClock(stretchEnd(index, heat))}`,
    count,
  });
}

/**
 * An unanswered group's title: its question as students wrote it most often, quoted ("“What are the library
 * hours?”"); its shared words when there is none.
 */
export const groupTitle = (group: Pick<UnansweredGroup, 'wording' | 'terms'>) =>
  group.wording ? `“${group.wording}”` : group.terms.join(' · ');

const sameWording = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** A group's newest wordings other than its title's (that one is already shown), newest first. */
export const otherWordings = (group: Pick<UnansweredGroup, 'wording' | 'examples'>) =>
  group.examples.filter((example) => !sameWording(example, group.wording));

/** How long ago, in words: "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function agoText(at: string, now: number): string {
  const seconds = Math.max(0, (now - Date.parse(at)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return t('insights.ago.justNow');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('insights.ago.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('insights.ago.hours', { count: hours });
  return t('insights.ago.days', { count: Math.floor(hours / 24) });
}

/** "Updated just now", "Updated 5 minutes ago". */
export const updatedText = (refreshedAt: string, now: number) =>
  t('insights.refresh.updated', { ago: agoText(refreshedAt, now) });

/**
 * Where in the lesson a moment is: "slide 2 · “Angles” · at 0:06" (where the slide starts), "at 2:30" (the start
 * of the stretch of the lesson asked about), "page 4", or nothing for an FAQ entry.
 */
export function momentPlace(
  moment: Pick<InsightMoment, 'kind' | 'slide' | 'heading' | 'startSeconds' | 'page'>,
): string {
  const parts: string[] = [];
  if (moment.slide !== null) parts.push(t('insights.place.slide', { slide: moment.slide }));
  if (moment.heading) parts.push(`“${moment.heading}”`);
  if (moment.kind === 'material' && moment.page !== null)
    parts.push(t('insights.place.page', { page: moment.page }));
  if (moment.kind !== 'material' && moment.kind !== 'faq' && moment.startSeconds !== null)
    parts.push(t('insights.place.at', { time: formatClock(moment.startSeconds) }));
  return parts.join(' · ');
}

export interface FixAction {
  label: string;
  href: string;
}

/** The course editor's step with the course's lesson videos: where a lesson no longer playable is found. */
export const courseVideosHref = (courseId: string) =>
  `/add-course-list?courseId=${encodeURIComponent(courseId)}&step=course-videos`;

/**
 * The most-asked slide of each library lesson among the moments listed (asks of one slide added up over the
 * gurus; the first listed on a tie, the list being most asked first): the slide the library wizard may call
 * "asked most about".
 */
export function topSlides(
  moments: readonly Pick<InsightMoment, 'kind' | 'videoId' | 'slide' | 'asks'>[],
): Map<string, number> {
  const asks = new Map<string, Map<number, number>>();
  for (const moment of moments) {
    if (moment.kind !== 'slide' || moment.videoId === null || moment.slide === null) continue;
    const slides = asks.get(moment.videoId) ?? new Map<number, number>();
    slides.set(moment.slide, (slides.get(moment.slide) ?? 0) + moment.asks);
    asks.set(moment.videoId, slides);
  }
  const top = new Map<string, number>();
  for (const [videoId, slides] of asks) {
    let best: [number, number] | null = null;
    for (const entry of slides) if (!best || entry[1] > best[1]) best = entry;
    if (best) top.set(videoId, best[0]);
  }
  return top;
}

/**
 * What the teacher can do about a moment besides playing it: improve a library slide's narration (the wizard
 * opens that slide; `&asks=` says how often it was asked about, and `&top=` names the lesson's most-asked slide
 * when that is another one, so the wizard never calls this one the most asked), or open the study material in
 * the course editor. Lessons are played in place (playFrom); an FAQ entry needs no fixing here.
 */
export function fixAction(
  moment: Pick<InsightMoment, 'kind' | 'libraryId' | 'slide' | 'videoId' | 'asks'>,
  courseId: string,
  top: ReadonlyMap<string, number> = new Map(),
): FixAction | null {
  if (moment.libraryId) {
    const params = new URLSearchParams({ id: moment.libraryId });
    if (moment.slide !== null) {
      params.set('slide', String(moment.slide));
      params.set('asks', String(moment.asks));
      const most = moment.videoId ? top.get(moment.videoId) : undefined;
      if (most !== undefined && most !== moment.slide) params.set('top', String(most));
    }
    return { label: t('insights.fix.slide'), href: `/course-library-wizard?${params}` };
  }
  if (moment.kind === 'material')
    return {
      label: t('insights.fix.material'),
      href: `/add-course-list?courseId=${encodeURIComponent(courseId)}&step=study-material`,
    };
  return null;
}

/** Where to play a lesson moment from: its lesson and second (a stretch's or a slide's start); null for others. */
export function playFrom(
  moment: Pick<InsightMoment, 'kind' | 'videoId' | 'startSeconds'>,
): { videoId: string; startSeconds: number } | null {
  if ((moment.kind !== 'video' && moment.kind !== 'slide') || !moment.videoId) return null;
  return { videoId: moment.videoId, startSeconds: Math.max(0, moment.startSeconds ?? 0) };
}

/**
 * Under the moments listed, the questions on the moments not listed (the list holds the most asked only), so
 * the cards and "Questions in all" add up: "+ 48 more questions on other moments". Null when none.
 */
export function moreMomentsText(questions: {
  momentAsks: number;
  moments: readonly Pick<InsightMoment, 'asks'>[];
}): string | null {
  const listed = questions.moments.reduce((sum, moment) => sum + moment.asks, 0);
  const more = questions.momentAsks - listed;
  return more > 0 ? t('insights.moments.more', { count: more }) : null;
}

/** A viewing part's stretch, the last one ending with the lesson: "1:00–1:30". */
export function partRange(
  lesson: Pick<LessonViewing, 'partSeconds'> & { durationSeconds?: number },
  index: number,
): string {
  const start = index * lesson.partSeconds;
  const end = start + lesson.partSeconds;
  const duration = lesson.durationSeconds ?? 0;
  return `${formatClock(start)}–${formatClock(duration > 0 ? Math.min(end, duration) : end)}`;
}

/** The viewing chart's accessible name: how many were still watching at the start and end, and the low point. */
export function viewingSummary(
  lesson: Pick<LessonViewing, 'title' | 'parts' | 'partSeconds'> & { durationSeconds?: number },
): string {
  const { parts } = lesson;
  if (parts.length === 0) return t('insights.viewing.none', { title: lesson.title });
  const low = parts.indexOf(Math.min(...parts));
  const first = percent(parts[0]);
  const last = percent(parts[parts.length - 1]);
  return t('insights.viewing.summary', {
    title: lesson.title,
    first,
    last,
    range: partRange(lesson, low),
    low: percent(parts[low]),
  });
}

/**
 * "Most who stop, stop at 3:00–3:30 (45% of those who did not finish)": the part holding the most unfinished
 * viewers' positions. Null when every viewer finished.
 */
export function dropOffText(
  lesson: Pick<LessonViewing, 'dropOff' | 'partSeconds'> & { durationSeconds?: number },
): string | null {
  if (!lesson.dropOff) return null;
  const part = lesson.partSeconds > 0 ? Math.round(lesson.dropOff.seconds / lesson.partSeconds) : 0;
  return t('insights.viewing.dropOff', {
    range: partRange(lesson, part),
    share: percent(lesson.dropOff.share),
  });
}
