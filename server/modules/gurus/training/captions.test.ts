import { describe, expect, it } from 'vitest';
import { groupCues, parseWebVtt, vttSeconds } from './captions';
import { splitIntoPassages } from './chunking';

describe('WebVTT captions', () => {
  it('reads cues with their times, dropping markup, notes and empty cues', () => {
    const vtt = [
      '\uFEFFWEBVTT - lesson one',
      '',
      'NOTE written by the teacher',
      '',
      'intro',
      '00:00:01.000 --> 00:00:04.500 align:start',
      '<v Teacher>Welcome to <b>geometry</b>.</v>',
      '',
      '00:05.000 --> 00:09.250',
      'Angles &amp; lines',
      'come first.',
      '',
      '00:00:10.000 --> 00:00:12.000',
      '',
      '01:00:00.000 --> 01:00:02.000',
      'An hour in.',
    ].join('\r\n');
    expect(parseWebVtt(vtt)).toEqual([
      { start: 1, end: 4.5, text: 'Welcome to geometry.' },
      { start: 5, end: 9.25, text: 'Angles & lines come first.' },
      { start: 3600, end: 3602, text: 'An hour in.' },
    ]);
    expect(vttSeconds('01:02:03.500')).toBe(3723.5);
  });

  it('groups cues into passages of 30-45 seconds, closing at a sentence end', () => {
    const cues = Array.from({ length: 20 }, (_, index) => ({
      start: index * 5,
      end: index * 5 + 5,
      text: index % 3 === 2 ? `Sentence ${index}.` : `words ${index}`,
    }));
    const passages = groupCues(cues);
    expect(passages.map((passage) => [passage.start, passage.end])).toEqual([
      [0, 30],
      [30, 60],
      [60, 90],
      [90, 100],
    ]);
    expect(passages[0].text).toBe('words 0 words 1 Sentence 2. words 3 words 4 Sentence 5.');

    // Without sentence ends a passage still closes before it passes 45 seconds.
    const runOn = Array.from({ length: 20 }, (_, index) => ({
      start: index * 5,
      end: index * 5 + 5,
      text: 'and',
    }));
    for (const passage of groupCues(runOn)) expect(passage.end - passage.start).toBeLessThanOrEqual(45);

    // A long sentence that runs past 45 s starts the next passage instead of being cut in two.
    const longSentence = [
      { start: 0, end: 10, text: 'Short one.' },
      { start: 10, end: 20, text: 'The next sentence starts here' },
      { start: 20, end: 40, text: 'and goes on and on' },
      { start: 40, end: 50, text: 'until it ends.' },
    ];
    expect(groupCues(longSentence).map((passage) => passage.text)).toEqual([
      'Short one.',
      'The next sentence starts here and goes on and on until it ends.',
    ]);
  });
});

describe('splitting page text', () => {
  it('keeps short text whole and splits long text near 120 words at sentence ends', () => {
    expect(splitIntoPassages('  One page.\n Two lines. ')).toEqual(['One page. Two lines.']);
    expect(splitIntoPassages('   ')).toEqual([]);
    const sentence = 'This sentence has exactly eight words in it.';
    const passages = splitIntoPassages(Array.from({ length: 40 }, () => sentence).join(' '));
    expect(passages.length).toBe(3);
    for (const passage of passages) {
      expect(passage.split(' ').length).toBeLessThanOrEqual(120);
      expect(passage.endsWith('in it.')).toBe(true);
    }
    const wall = Array.from({ length: 400 }, (_, index) => `w${index}`).join(' ');
    expect(splitIntoPassages(wall).every((passage) => passage.split(' ').length <= 180)).toBe(true);
  });
});
