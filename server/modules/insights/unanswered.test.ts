import { describe, expect, it } from 'vitest';
import { commonestWording, groupKeyOf, groupUnanswered, parseGroupKey, questionTermsOf } from './unanswered';

const GURU = '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f';
const OTHER = '0b7d3c1e-2f4a-4b8c-9d0e-1f2a3b4c5d6e';
let clock = 0;
const q = (text: string, guruId = GURU) => {
  clock += 1000;
  return { guruId, text, askedAt: new Date(clock) };
};

describe('question terms', () => {
  it('drops stop and filler words and punctuation, and makes plural nouns singular, keeping the word as written', () => {
    expect([...questionTermsOf('Please explain: what are the LIBRARY hours?!').entries()]).toEqual([
      ['library', 'library'],
      ['hour', 'hours'],
    ]);
    expect([...questionTermsOf("What's the fee for the libraries' late returns?").keys()]).toEqual([
      'fee',
      'library',
      'late',
      'return',
    ]);
    expect([...questionTermsOf('Is it on 12 June? x2 + 3 = 7').keys()]).toEqual(['june', 'x2']);
    expect([...questionTermsOf('क्या पाठ्यक्रम हिंदी में है?').keys()]).toContain('पाठ्यक्रम');
    expect(questionTermsOf('What is it?').size).toBe(0);
  });
});

describe('grouping unanswered questions', () => {
  it('puts each question under its term most frequent for the guru, and labels groups with the terms most share', () => {
    const groups = groupUnanswered([
      q('What are the library hours?'),
      q('Library hours on Sunday?'),
      q('Is the library open in exam week?'),
      q('Library fees?'),
      q('Office hours of the teacher'),
      q('Library hours', OTHER),
    ]);
    expect(groups.map((group) => [group.guruId, group.term, group.terms, group.questions.length])).toEqual([
      [GURU, 'library', ['library', 'hours'], 4],
      [OTHER, 'library', ['library', 'hours'], 1],
      [GURU, 'hour', ['hours', 'teacher', 'office'], 1],
    ]);
    // Newest first.
    expect(groups[0].questions.map((question) => question.text)).toEqual([
      'Library fees?',
      'Is the library open in exam week?',
      'Library hours on Sunday?',
      'What are the library hours?',
    ]);
  });

  it('breaks ties by the longer term, then alphabetically; leaves out questions with no term', () => {
    const groups = groupUnanswered([q('Who painted the Mona Lisa?'), q('Why?'), q('cat dog')]);
    expect(groups.map((group) => [group.term, group.terms])).toEqual([
      ['cat', ['cat', 'dog']],
      ['painted', ['painted', 'lisa', 'mona']],
    ]);
  });

  it('titles a group with its wording asked most often, the newest of equally frequent ones', () => {
    const groups = groupUnanswered([
      q('What are the library hours?'),
      q('Library hours on Sunday?'),
      q('what are the  library hours? '),
      q('Library fees?'),
    ]);
    // Twice, in two spellings: as its newest asker wrote it (trimmed, spaces collapsed).
    expect(groups[0].wording).toBe('what are the library hours?');
    // Each once: the newest.
    expect(commonestWording([q('Library fees?'), q('Library hours on Sunday?')].reverse())).toBe(
      'Library hours on Sunday?',
    );
    expect(commonestWording([])).toBe('');
  });

  it('never groups by a word that runs through the whole course (issue 37): a bridges course', () => {
    const topic = new Map([[GURU, new Set(['bridge'])]]);
    const asked = [q('What toll do drivers pay on a bridge?'), q('What salary does a bridge worker earn?')];
    const groups = groupUnanswered(asked, topic);
    expect(groups.map((group) => group.questions.map((question) => question.text))).toEqual([
      ['What salary does a bridge worker earn?'],
      ['What toll do drivers pay on a bridge?'],
    ]);
    expect(groups.every((group) => group.term !== 'bridge')).toBe(true);
    // Each group's wording is one of its own questions.
    for (const group of groups)
      expect(group.questions.map((question) => question.text)).toContain(group.wording);
    // Another guru's course is not about bridges: there "bridge" is what tells its questions apart.
    const other = groupUnanswered(
      [q('What toll is paid on a bridge?', OTHER), q('Bridge salary?', OTHER)],
      topic,
    );
    expect(other.map((group) => [group.term, group.questions.length])).toEqual([['bridge', 2]]);
  });

  it('still groups questions sharing a telling word in other wordings, labelled without the topic word', () => {
    const topic = new Map([[GURU, new Set(['bridge'])]]);
    const groups = groupUnanswered(
      [
        q('What toll do drivers pay on a bridge?'),
        q('What salary does a bridge worker earn?'),
        q('How much is the toll for a car on the bridge?'),
        q('What is a bridge?'),
      ],
      topic,
    );
    expect(groups.map((group) => [group.term, group.terms, group.questions.length])).toEqual([
      ['toll', ['toll', 'drivers', 'car'], 2],
      ['bridge', ['bridge'], 1],
      ['salary', ['salary', 'worker', 'earn'], 1],
    ]);
    expect(groups[0].questions.map((question) => question.text)).toContain(groups[0].wording);
    expect(groups[0].wording).not.toMatch(/salary/);
    // A question of only the topic word is kept, under it.
    expect(groups[1].wording).toBe('What is a bridge?');
  });

  it('groups Hindi questions by what tells them apart too', () => {
    const topic = new Map([[GURU, new Set(['पुल'])]]);
    const groups = groupUnanswered(
      [q('पुल पर टोल कितना लगता है?'), q('पुल बनाने वाले मज़दूर का वेतन कितना है?'), q('टोल कौन लेता है?')],
      topic,
    );
    expect(groups[0]).toMatchObject({ term: 'टोल' });
    expect(groups[0].questions).toHaveLength(2);
    expect(groups.some((group) => group.term === 'पुल')).toBe(false);
  });

  it('keys a group by guru and label, and reads back the grouping term from a key', () => {
    const [group] = groupUnanswered([q('library hours?'), q('library hours!')]);
    const key = groupKeyOf(group);
    expect(key).toBe(`${GURU}:library+hours`);
    expect(parseGroupKey(key)).toEqual({ guruId: GURU, term: 'library' });
    expect(parseGroupKey(`${GURU}:hours`)).toEqual({ guruId: GURU, term: 'hour' });
    expect(parseGroupKey('not-a-key')).toBeNull();
    expect(parseGroupKey(`${GURU}:the`)).toBeNull();
  });
});
