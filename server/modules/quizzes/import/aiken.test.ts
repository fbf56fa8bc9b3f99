import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { questionSchema } from '../../../../common/contracts/quizzes';
import type { Text } from '../../../i18n/said';
import { looksLikeAiken, readAiken } from './aiken';
import { BankUnreadable } from './bank-unreadable';
import { looksLikeGift } from './gift';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures', 'aiken', name), 'utf8');
const keyOf = (text: Text) => (typeof text === 'string' ? text : text.key);
const skips = (text: string) =>
  readAiken(text).skipped.map((skip) => [skip.ref.values?.line, keyOf(skip.reason)]);
const choices = (...texts: [string, boolean][]) => texts.map(([text, correct]) => ({ text, correct }));

describe("Moodle's questions.aiken.txt", () => {
  const bank = readAiken(fixture('questions.aiken.txt'));

  it('reads both questions as single choice, the answer by its letter', () => {
    expect(bank.format).toBe('aiken');
    expect(bank.skipped).toEqual([]);
    expect(bank.files.size).toBe(0);
    expect(
      bank.questions.map((question) => [question.ref.english, question.sourceType, question.question]),
    ).toEqual([
      [
        'Line 1',
        'multichoice',
        {
          type: 'single',
          prompt: 'The Moodle project was started by:',
          options: choices(
            ['Petr Skoda', false],
            ['Martin Dougiamas', true],
            ['Eloy Lafuente', false],
            ['Tim Hunt', false],
          ),
          marks: 1,
        },
      ],
      [
        'Line 8',
        'multichoice',
        {
          type: 'single',
          // Aiken is plain text: what looks like HTML is shown as written (React escapes it).
          prompt:
            'Moodle\'s abilities include handling user input that includes <html class="cool"> & images:',
          options: choices(['True', true], ['False', false]),
          marks: 1,
        },
      ],
    ]);
    expect(bank.questions.every((question) => question.title === '' && question.tags.length === 0)).toBe(
      true,
    );
  });
});

describe("Moodle's aiken_errors.txt (the expectations of aikenformat_test.php)", () => {
  const bank = readAiken(fixture('aiken_errors.txt'));

  it('reads the three good questions', () => {
    expect(bank.questions.map((question) => [question.ref.values?.line, question.question])).toEqual([
      [
        9,
        {
          type: 'single',
          prompt: 'A good question',
          options: choices(['Correct', true], ['Incorrect', false]),
          marks: 1,
        },
      ],
      [
        18,
        {
          type: 'single',
          prompt: 'A second good question',
          options: choices(['Incorrect (No space)', false], ['Correct (No space)', true]),
          marks: 1,
        },
      ],
      [
        23,
        {
          type: 'single',
          prompt: 'A third good question with HTML chars such as > < &',
          options: choices(['Correct (< > &)', true], ['Incorrect (< > &)', false]),
          marks: 1,
        },
      ],
    ]);
    for (const question of bank.questions)
      expect(questionSchema.safeParse(question.question).error).toBe(undefined);
  });

  it('skips the broken ones with the line each starts on: too few answers, not started, not finished', () => {
    expect(skips(fixture('aiken_errors.txt'))).toEqual([
      [1, 'server.bank-text.aiken.fewOptions'],
      [5, 'server.bank-text.aiken.noQuestion'],
      [14, 'server.bank-text.aiken.unfinished'],
    ]);
    expect(bank.skipped.every((skip) => skip.sourceType === 'multichoice' && skip.title === '')).toBe(true);
  });
});

describe('Aiken, written by hand', () => {
  it('reads Hindi, with Devanagari option labels too', () => {
    const bank = readAiken(
      'भारत की राजधानी क्या है?\nA) नई दिल्ली\nB) मुंबई\nANSWER: A\n\n' +
        'सबसे लंबी नदी कौन-सी है?\n(क) यमुना\n(ख) गंगा\nANSWER: ख\n\nकौन-सा ग्रह लाल है?\nक. मंगल\nकि. शुक्र\nANSWER: क',
    );
    expect(bank.skipped).toEqual([]);
    expect(bank.questions.map((question) => question.question)).toEqual([
      {
        type: 'single',
        prompt: 'भारत की राजधानी क्या है?',
        options: choices(['नई दिल्ली', true], ['मुंबई', false]),
        marks: 1,
      },
      {
        type: 'single',
        prompt: 'सबसे लंबी नदी कौन-सी है?',
        options: choices(['यमुना', false], ['गंगा', true]),
        marks: 1,
      },
      {
        type: 'single',
        prompt: 'कौन-सा ग्रह लाल है?',
        options: choices(['मंगल', true], ['शुक्र', false]),
        marks: 1,
      },
    ]);
  });

  it('reads CRLF line ends, old Mac ones and a byte-order mark', () => {
    const lf = 'Two plus two?\nA. 3\nB. 4\nANSWER: B\n';
    expect(readAiken(`\ufeff${lf.replace(/\n/g, '\r\n')}`)).toEqual(readAiken(lf));
    expect(readAiken(lf.replace(/\n/g, '\r'))).toEqual(readAiken(lf));
    expect(readAiken(lf).questions[0].question.options).toEqual(choices(['3', false], ['4', true]));
  });

  it('takes question text over several lines, lower-case labels and a loosely written ANSWER', () => {
    const bank = readAiken('Read this:\n  x = 2 + 2\nWhat is x?\na) 3\nb) 4\nc) e.g. five\nAnswer:b) 4');
    expect(bank.questions[0].question).toMatchObject({
      prompt: 'Read this:\nx = 2 + 2\nWhat is x?',
      options: choices(['3', false], ['4', true], ['e.g. five', false]),
    });
    // "e.g." is not a label: a full stop after a letter needs a space to be one.
    expect(readAiken('Pick\ne.g. this\nA) x\nB) y\nANSWER: A').questions[0].question.prompt).toBe(
      'Pick\ne.g. this',
    );
  });

  it('skips an ANSWER naming no option, too many options, and a text that never got options', () => {
    expect(skips('Pick one\nA) x\nB) y\nANSWER: D\n\nPick two\nA) x\nB) y\nANSWER:\n')).toEqual([
      [1, 'server.bank-text.aiken.answerMissing'],
      [6, 'server.bank-text.aiken.answerMissing'],
    ]);
    expect(readAiken('Pick one\nA) x\nB) y\nANSWER: D').skipped[0].reason).toMatchObject({
      english: 'ANSWER: D names no option of this question',
    });
    const eleven = Array.from({ length: 11 }, (_, index) => `${String.fromCharCode(65 + index)}) o${index}`);
    expect(readAiken(`Many?\n${eleven.join('\n')}\nANSWER: A`).skipped[0].reason).toMatchObject({
      key: 'server.bank-import.skip.tooManyOptions',
      values: { count: 11, max: 10 },
    });
    expect(skips('Chapter 3 quiz\n\nFirst?\nA) x\nB) y\nANSWER: B\n\nLast one, unfinished\nA) x')).toEqual([
      [1, 'server.bank-text.aiken.unfinished'],
      [8, 'server.bank-text.aiken.unfinished'],
    ]);
  });

  it('refuses a file with no question at all', () => {
    for (const text of ['', '\n \n']) expect(() => readAiken(text)).toThrow(BankUnreadable);
  });

  it('reads thousands of questions in well under a few seconds', () => {
    const text = Array.from(
      { length: 10_000 },
      (_, n) => `Question ${n}: प्रश्न ${n}?\nA) one\nB) two\nC) three\nD) four\nANSWER: ${'ABCD'[n % 4]}`,
    ).join('\n\n');
    const started = performance.now();
    const bank = readAiken(text);
    expect(performance.now() - started).toBeLessThan(2500);
    expect(bank.questions).toHaveLength(10_000);
    expect(bank.questions[9_999].question.options?.[3].correct).toBe(true);
  });
});

describe('looksLikeAiken', () => {
  it('knows the Aiken fixtures, and not GIFT or prose', () => {
    for (const file of ['questions.aiken.txt', 'aiken_errors.txt']) {
      expect(looksLikeAiken(fixture(file))).toBe(true);
      expect(looksLikeGift(fixture(file))).toBe(false);
    }
    expect(looksLikeAiken('भारत की राजधानी?\r\nक) नई दिल्ली\r\nख) मुंबई\r\nANSWER: क')).toBe(true);
    expect(looksLikeAiken('Who? {=me ~you}')).toBe(false);
    expect(looksLikeAiken('The ANSWER: is at the end of a sentence.')).toBe(false);
  });
});
