import { describe, expect, it } from 'vitest';
import {
  clockRange,
  dropOffText,
  fixAction,
  heatCellLabel,
  heatLevel,
  heatSummary,
  hottestStretch,
  momentPlace,
  percent,
  plural,
  trendView,
  updatedText,
  viewingSummary,
} from './format';

const heat = (buckets: number[], bucketSeconds = 30) => ({
  videoId: 'v1',
  title: 'Angles',
  durationSeconds: buckets.length * bucketSeconds,
  bucketSeconds,
  buckets,
});

describe('trendView', () => {
  it('says up, down or the same, with a sign and in words', () => {
    expect(trendView({ thisWeek: 12, lastWeek: 9 })).toEqual({
      direction: 'up',
      change: 3,
      short: '+3',
      words: 'up 3 on last week (9)',
    });
    expect(trendView({ thisWeek: 2, lastWeek: 5 })).toMatchObject({ direction: 'down', short: '−3' });
    expect(trendView({ thisWeek: 4, lastWeek: 4 })).toMatchObject({ direction: 'same', short: '±0' });
    expect(trendView({ thisWeek: 0, lastWeek: 0 }).words).toBe('same as last week (0)');
  });
});

describe('heatLevel', () => {
  it('is 0 for no questions and 1..4 by share of the hottest cell', () => {
    expect(heatLevel(0, 10)).toBe(0);
    expect(heatLevel(3, 0)).toBe(0);
    expect(heatLevel(1, 10)).toBe(1);
    expect(heatLevel(5, 10)).toBe(2);
    expect(heatLevel(6, 10)).toBe(3);
    expect(heatLevel(10, 10)).toBe(4);
    expect(heatLevel(12, 10)).toBe(4);
  });
});

describe('hottestStretch and heatSummary', () => {
  it('widens the peak over neighbours asked at least half as often', () => {
    expect(hottestStretch(heat([0, 1, 4, 7, 3, 0, 2]))).toEqual({
      startSeconds: 60,
      endSeconds: 120,
      questions: 11,
    });
    expect(heatSummary(heat([0, 1, 4, 7, 3, 0, 2]))).toBe('Angles: 17 questions, most at 1:00–2:00 (11)');
  });

  it('says so when nobody asked', () => {
    expect(hottestStretch(heat([0, 0]))).toBeNull();
    expect(heatSummary(heat([]))).toBe('Angles: no questions about this lesson yet');
  });

  it('ends the last stretch at the end of the lesson', () => {
    expect(hottestStretch({ buckets: [0, 5], bucketSeconds: 30, durationSeconds: 50 })).toEqual({
      startSeconds: 30,
      endSeconds: 50,
      questions: 5,
    });
  });

  it('labels a cell with its stretch and count', () => {
    expect(heatCellLabel(4, { bucketSeconds: 30, durationSeconds: 600 }, 7)).toBe('2:00–2:30: 7 questions');
    expect(heatCellLabel(0, { bucketSeconds: 30, durationSeconds: 20 }, 1)).toBe('0:00–0:20: 1 question');
  });
});

describe('small texts', () => {
  it('formats counts, shares and stretches', () => {
    expect(plural(1, 'question')).toBe('1 question');
    expect(plural(0, 'question')).toBe('0 questions');
    expect(percent(0.454)).toBe('45%');
    expect(percent(1.2)).toBe('100%');
    expect(percent(Number.NaN)).toBe('0%');
    expect(clockRange(120, 30)).toBe('2:00–2:30');
  });

  it('says how long ago the figures were computed', () => {
    const now = Date.parse('2026-03-02T09:00:00Z');
    expect(updatedText('2026-03-02T08:59:30Z', now)).toBe('Updated just now');
    expect(updatedText('2026-03-02T08:59:00Z', now)).toBe('Updated 1 minute ago');
    expect(updatedText('2026-03-02T08:35:00Z', now)).toBe('Updated 25 minutes ago');
    expect(updatedText('2026-03-02T06:00:00Z', now)).toBe('Updated 3 hours ago');
    expect(updatedText('2026-02-28T09:00:00Z', now)).toBe('Updated 2 days ago');
    // A clock a little ahead of the browser's is not "in the future".
    expect(updatedText('2026-03-02T09:00:20Z', now)).toBe('Updated just now');
  });
});

describe('momentPlace', () => {
  const base = { heading: null, startSeconds: null, slide: null, page: null };
  it('names the slide, the time or the page', () => {
    expect(momentPlace({ ...base, kind: 'video', startSeconds: 150 })).toBe('at 2:30');
    expect(momentPlace({ ...base, kind: 'slide', slide: 2, heading: 'Angles', startSeconds: 30 })).toBe(
      'slide 2 · “Angles” · at 0:30',
    );
    expect(momentPlace({ ...base, kind: 'material', page: 4 })).toBe('page 4');
    expect(momentPlace({ ...base, kind: 'faq' })).toBe('');
  });
});

describe('fixAction', () => {
  it('opens a library slide in the wizard, else the lesson or material in the course editor', () => {
    expect(fixAction({ kind: 'slide', libraryId: 'lib1', slide: 3 }, 'c1')).toEqual({
      label: 'Improve this slide',
      href: '/course-library-wizard?id=lib1&slide=3',
    });
    expect(fixAction({ kind: 'video', libraryId: null, slide: null }, 'c1')).toEqual({
      label: 'Open the lesson',
      href: '/add-course-list?courseId=c1&step=course-videos',
    });
    expect(fixAction({ kind: 'material', libraryId: null, slide: null }, 'c1')?.href).toBe(
      '/add-course-list?courseId=c1&step=study-material',
    );
    expect(fixAction({ kind: 'faq', libraryId: null, slide: null }, 'c1')).toBeNull();
  });
});

describe('viewing texts', () => {
  it('summarises the parts watched and the drop-off', () => {
    expect(viewingSummary({ title: 'Angles', partSeconds: 30, parts: [1, 0.8, 0.4, 0.5] })).toBe(
      'Angles: 100% of viewers watched the start and 50% the end; fewest at 1:00–1:30 (40%)',
    );
    expect(viewingSummary({ title: 'Angles', partSeconds: 30, parts: [] })).toBe('Angles: no viewing yet');
    expect(dropOffText({ dropOff: { seconds: 200, share: 0.45 } })).toBe('Most who stop, stop at 3:20 (45%)');
    expect(dropOffText({ dropOff: null })).toBeNull();
  });
});
