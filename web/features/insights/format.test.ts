import { describe, expect, it } from 'vitest';
import {
  clockRange,
  dropOffText,
  fixAction,
  groupTitle,
  heatCellLabel,
  heatLevel,
  heatSummary,
  hottestStretch,
  momentPlace,
  moreMomentsText,
  otherWordings,
  partRange,
  percent,
  playFrom,
  topSlides,
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
    // The next busiest outside 1:00–2:00 (cells 2–3): 2:00–2:30 (3, under half the peak's 7), 3:00–3:30 (2).
    expect(heatSummary(heat([0, 1, 4, 7, 3, 0, 2]))).toBe(
      'Angles: 17 questions, most at 1:00–2:00 (11); then 2:00–2:30 (3), 3:00–3:30 (2)',
    );
    expect(heatSummary(heat([0, 5, 0]))).toBe('Angles: 5 questions, most at 0:30–1:00 (5)');
  });

  it('uses the lesson’s own range: an 8-second lesson in 1-second stretches', () => {
    const short = { ...heat([6, 0, 0, 2, 0, 0, 0, 1], 1), durationSeconds: 7.6 };
    expect(heatSummary(short)).toBe(
      'Angles: 9 questions, most at 0:00–0:01 (6); then 0:03–0:04 (2), 0:07–0:07 (1)',
    );
    expect(heatCellLabel(7, short, 1)).toBe('0:07–0:07: 1 question');
    expect(hottestStretch({ buckets: [3], bucketSeconds: 30, durationSeconds: 8 })).toEqual({
      startSeconds: 0,
      endSeconds: 8,
      questions: 3,
    });
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
    expect(momentPlace({ ...base, kind: 'slide', slide: 3, heading: 'Hexagons', startSeconds: 12.4 })).toBe(
      'slide 3 · “Hexagons” · at 0:12',
    );
    expect(momentPlace({ ...base, kind: 'material', page: 4 })).toBe('page 4');
    expect(momentPlace({ ...base, kind: 'faq' })).toBe('');
  });
});

describe('what to do about a moment', () => {
  const none = { libraryId: null, slide: null, videoId: null, asks: 1 };
  const slides = [
    { kind: 'slide' as const, videoId: 'v1', slide: 2, asks: 45 },
    { kind: 'video' as const, videoId: 'v1', slide: null, asks: 50 },
    { kind: 'slide' as const, videoId: 'v1', slide: 3, asks: 20 },
    { kind: 'slide' as const, videoId: 'v2', slide: 1, asks: 4 },
    // Slide 1 of v2 through another guru: asked 4 + 3 times, more than slide 2's 6.
    { kind: 'slide' as const, videoId: 'v2', slide: 2, asks: 6 },
    { kind: 'slide' as const, videoId: 'v2', slide: 1, asks: 3 },
  ];

  it('finds each library lesson’s most-asked slide among the moments', () => {
    expect([...topSlides(slides)]).toEqual([
      ['v1', 2],
      ['v2', 1],
    ]);
  });

  it('opens a library slide in the wizard, saying how often it was asked and which slide was asked more', () => {
    const top = topSlides(slides);
    expect(fixAction({ ...slides[0], libraryId: 'lib1' }, 'c1', top)).toEqual({
      label: 'Improve this slide',
      href: '/course-library-wizard?id=lib1&slide=2&asks=45',
    });
    expect(fixAction({ ...slides[2], libraryId: 'lib1' }, 'c1', top)?.href).toBe(
      '/course-library-wizard?id=lib1&slide=3&asks=20&top=2',
    );
    expect(fixAction({ ...none, kind: 'material' }, 'c1')?.href).toBe(
      '/add-course-list?courseId=c1&step=study-material',
    );
    expect(fixAction({ ...none, kind: 'video', videoId: 'v1' }, 'c1')).toBeNull();
    expect(fixAction({ ...none, kind: 'faq' }, 'c1')).toBeNull();
  });

  it('plays a lesson moment from its start', () => {
    expect(playFrom({ kind: 'video', videoId: 'v1', startSeconds: 9 })).toEqual({
      videoId: 'v1',
      startSeconds: 9,
    });
    expect(playFrom({ kind: 'slide', videoId: 'v1', startSeconds: null })).toEqual({
      videoId: 'v1',
      startSeconds: 0,
    });
    expect(playFrom({ kind: 'material', videoId: null, startSeconds: null })).toBeNull();
  });

  it('says how many questions went to moments not listed', () => {
    expect(moreMomentsText({ momentAsks: 60, moments: [{ asks: 40 }, { asks: 12 }] })).toBe(
      '+ 8 more questions on other moments',
    );
    expect(moreMomentsText({ momentAsks: 41, moments: [{ asks: 40 }] })).toBe(
      '+ 1 more question on other moments',
    );
    expect(moreMomentsText({ momentAsks: 52, moments: [{ asks: 40 }, { asks: 12 }] })).toBeNull();
  });
});

describe('unanswered groups', () => {
  it('are titled by their commonest wording, its other wordings listed below', () => {
    const group = {
      wording: 'Which compass should I buy?',
      terms: ['compass', 'buy'],
      examples: ['Where can I buy a compass?', 'which compass  should I buy? ', 'What compass set is best?'],
    };
    expect(groupTitle(group)).toBe('“Which compass should I buy?”');
    expect(otherWordings(group)).toEqual(['Where can I buy a compass?', 'What compass set is best?']);
    expect(groupTitle({ ...group, wording: '' })).toBe('compass · buy');
  });
});

describe('viewing texts', () => {
  it('summarises the parts watched and the drop-off', () => {
    expect(viewingSummary({ title: 'Angles', partSeconds: 30, parts: [1, 0.8, 0.4, 0.5] })).toBe(
      'Angles: 100% of viewers watched the start and 50% the end; fewest at 1:00–1:30 (40%)',
    );
    expect(viewingSummary({ title: 'Angles', partSeconds: 30, parts: [] })).toBe('Angles: no viewing yet');
    expect(
      dropOffText({ partSeconds: 30, durationSeconds: 300, dropOff: { seconds: 180, share: 0.45 } }),
    ).toBe('Most who stop, stop at 3:00–3:30 (45% of those who did not finish)');
    expect(dropOffText({ partSeconds: 30, dropOff: null })).toBeNull();
  });

  it('ends the last part with the lesson', () => {
    const short = {
      title: 'Angles',
      partSeconds: 1,
      durationSeconds: 7.5,
      parts: [1, 1, 1, 1, 0.9, 0.6, 0.5, 0.45],
    };
    expect(partRange(short, 7)).toBe('0:07–0:07');
    expect(partRange(short, 3)).toBe('0:03–0:04');
    expect(viewingSummary(short)).toBe(
      'Angles: 100% of viewers watched the start and 45% the end; fewest at 0:07–0:07 (45%)',
    );
    expect(dropOffText({ ...short, dropOff: { seconds: 5, share: 0.6 } })).toBe(
      'Most who stop, stop at 0:05–0:06 (60% of those who did not finish)',
    );
  });
});
