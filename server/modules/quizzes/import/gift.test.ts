import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { questionSchema } from '../../../../common/contracts/quizzes';
import type { Said, Text } from '../../../i18n/said';
import { looksLikeAiken } from './aiken';
import { BankUnreadable } from './bank-unreadable';
import { looksLikeGift, readGift } from './gift';
import type { DraftQuestion, ReadBank } from './types';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures', 'gift', name), 'utf8');
const keyOf = (text: Text) => (typeof text === 'string' ? text : text.key);
const noteKeys = (question: DraftQuestion) => question.notes.map((note) => note.key);
const lineOf = (ref: Said) => ref.values?.line;
const only = (bank: ReadBank) => {
  expect(bank.questions).toHaveLength(1);
  return bank.questions[0];
};
const skippedOnly = (bank: ReadBank) => {
  expect(bank.questions).toEqual([]);
  expect(bank.skipped).toHaveLength(1);
  return bank.skipped[0];
};

describe("Moodle's questions.gift.txt (the expectations of giftformat_test.php)", () => {
  const bank = readGift(fixture('questions.gift.txt'));
  const titled = (title: string) => bank.questions.filter((question) => question.title.startsWith(title));

  it('reads every question, and skips only the number within a tolerance', () => {
    expect(bank.format).toBe('gift');
    expect(bank.files.size).toBe(0);
    expect(bank.questions.map((question) => [question.sourceType, question.question.type])).toEqual([
      ['essay', 'long'],
      ['match', 'single'],
      ['match', 'single'],
      ['match', 'single'],
      ['match', 'single'],
      ['multichoice', 'single'],
      ['multichoice', 'multiple'],
      ['shortanswer', 'short'],
      ['truefalse', 'true_false'],
      ['truefalse', 'true_false'],
      ['truefalse', 'true_false'],
    ]);
    // test_import_numerical: {#3:2} is 3 give or take 2.
    expect(bank.skipped).toEqual([
      {
        ref: expect.objectContaining({ key: 'server.bank-import.ref.line', values: { line: 31 } }),
        sourceType: 'numerical',
        title: 'Q5',
        reason: expect.objectContaining({ key: 'server.bank-import.skip.tolerance' }),
      },
    ]);
  });

  it('gives each question the line it starts on (after its comment), its title and one mark', () => {
    expect(bank.questions.map((question) => [lineOf(question.ref), question.title])).toEqual([
      [2, 'Q8'],
      [5, 'Moodle activities (1/4)'],
      [5, 'Moodle activities (2/4)'],
      [5, 'Moodle activities (3/4)'],
      [5, 'Moodle activities (4/4)'],
      [14, 'Q2'],
      [22, 'colours'],
      [34, 'Shortanswer'],
      [41, 'Q1'],
      [46, '2-08 TSL'],
      [49, '2-08 TSL'],
    ]);
    expect(bank.questions[0].ref.english).toBe('Line 2');
    expect(bank.questions.every((question) => question.question.marks === 1)).toBe(true);
  });

  it('test_import_essay: an empty block is a long answer', () => {
    expect(titled('Q8')[0].question).toEqual({
      type: 'long',
      prompt: 'How are you?',
      marks: 1,
      explanation: '',
    });
  });

  it('test_import_match: each pair is a single-choice question over every right side, Chat only a wrong one', () => {
    const pairs = titled('Moodle activities');
    expect(pairs.map((question) => question.question.prompt)).toEqual([
      'Match the activity to the description.\n\nAn activity supporting asynchronous discussions.',
      'Match the activity to the description.\n\nA teacher asks a question and specifies a choice of multiple responses.',
      'Match the activity to the description.\n\nA bank of record entries which participants can add to.',
      'Match the activity to the description.\n\nA collection of web pages that anyone can add to or edit.',
    ]);
    const sides = ['Forum', 'Choice', 'Database', 'Wiki', 'Chat'];
    pairs.forEach((question, index) => {
      expect(question.question.options).toEqual(sides.map((text, at) => ({ text, correct: at === index })));
      expect(noteKeys(question)).toContain('server.bank-import.note.matchingSplit');
    });
    // The fourth left side is [markdown]: shown as written.
    expect(noteKeys(pairs[3])).toContain('server.bank-text.gift.markdown');
  });

  it('test_import_multichoice: = is the one right answer; [plain] and feedback after # are not option text', () => {
    const question = titled('Q2')[0];
    expect(question.question).toMatchObject({
      type: 'single',
      prompt: "What's between orange and green in the spectrum?",
      options: [
        { text: 'yellow', correct: true },
        { text: 'red', correct: false },
        { text: 'blue', correct: false },
      ],
    });
    expect(noteKeys(question)).toEqual(['server.bank-import.note.answerFeedback']);
  });

  it('test_import_multichoice_multi: weights 50, -100, 50, -100 are a multiple choice of the positive ones', () => {
    const question = titled('colours')[0];
    expect(question.question).toMatchObject({
      type: 'multiple',
      options: [
        { text: 'yellow', correct: true },
        { text: 'red', correct: false },
        { text: 'off-beige', correct: true },
        { text: 'blue', correct: false },
      ],
    });
    expect(noteKeys(question)).toEqual([
      'server.bank-import.note.partialCredit',
      'server.bank-import.note.answerFeedback',
    ]);
  });

  it('test_import_shortanswer: only the full-credit answer is accepted; the 0% * catches wrong answers', () => {
    const question = titled('Shortanswer')[0];
    expect(question.question).toMatchObject({
      type: 'short',
      prompt: 'Which is the best animal?',
      acceptedAnswers: ['Frog'],
    });
    expect(noteKeys(question).sort()).toEqual([
      'server.bank-import.note.answerFeedback',
      'server.bank-import.note.partialCredit',
    ]);
  });

  it('test_import_truefalse: FALSE with its feedback; the general feedback is the explanation', () => {
    const question = titled('Q1')[0];
    // The fixture has a stray `";` after the block, so Moodle (and Gurukul) reads it as a blank mid-sentence.
    expect(question.question).toEqual({
      type: 'true_false',
      trueFalseAnswer: false,
      prompt: '42 is the Absolute Answer to everything._____";',
      marks: 1,
      explanation: "This is, of course, a Hitchiker's Guide to the Galaxy reference.",
    });
    expect(noteKeys(question)).toEqual(['server.bank-import.note.answerFeedback']);
  });

  it('test_import_truefalse_true_answer1 and 2: {T} and {TRUE} are true', () => {
    expect(titled('2-08 TSL').map((question) => question.question)).toEqual([
      { type: 'true_false', trueFalseAnswer: true, prompt: 'TSL is blablabla.', marks: 1, explanation: '' },
      { type: 'true_false', trueFalseAnswer: true, prompt: 'TSL is blablabla.', marks: 1, explanation: '' },
    ]);
  });
});

describe("Moodle's questions_in_category.gift.txt", () => {
  const bank = readGift(fixture('questions_in_category.gift.txt'));

  it('keeps the category (without its $course$ context) as every following question’s tag', () => {
    expect(bank.skipped).toEqual([]);
    expect(bank.questions).toHaveLength(7);
    expect(bank.questions.every((question) => question.tags.join() === 'Default for New Features')).toBe(
      true,
    );
  });

  it('reads [html] with escaped = and : and notes the sound the link would play', () => {
    const greeting = bank.questions.find((question) => question.title === 'Greeting')!;
    expect(greeting.question).toMatchObject({
      type: 'single',
      prompt: 'Listen to this greeting:\n\nWhat language is being spoken?',
      options: [
        { text: 'English', correct: false },
        { text: 'French', correct: true },
        { text: 'German', correct: false },
        { text: 'Spanish', correct: false },
      ],
    });
    expect(noteKeys(greeting)).toEqual([
      'server.bank-import.note.mediaDropped',
      'server.bank-import.note.answerFeedback',
    ]);
  });

  it('reads =%100% as a full-credit short answer and an [html] true/false', () => {
    const user = bank.questions.find((question) => question.title === 'Moodle user')!;
    expect(user.question).toMatchObject({
      type: 'short',
      prompt: 'Anyone who uses Moodle is a ...',
      acceptedAnswers: ['Moodler'],
    });
    expect(user.notes).toEqual([]);
    const acronym = bank.questions.find((question) => question.title === 'Moodle acronym')!;
    expect(acronym.question).toMatchObject({
      type: 'true_false',
      trueFalseAnswer: true,
      prompt: 'Moodle is an acronym for Modular Object-Oriented Dynamic Learning Environment.',
    });
  });
});

describe("Moodle's examples.txt", () => {
  const bank = readGift(fixture('examples.txt'));
  const at = (line: number) => bank.questions.filter((question) => lineOf(question.ref) === line);

  it('reads its questions (46 once matchings are split) and skips the four numbers within a tolerance', () => {
    expect(bank.questions).toHaveLength(46);
    expect(bank.skipped.map((skip) => [lineOf(skip.ref), skip.sourceType, keyOf(skip.reason)])).toEqual([
      [16, 'numerical', 'server.bank-import.skip.tolerance'],
      [72, 'numerical', 'server.bank-import.skip.tolerance'],
      [74, 'numerical', 'server.bank-import.skip.tolerance'],
      [175, 'numerical', 'server.bank-import.skip.tolerance'],
    ]);
  });

  it('puts _____ where a block sits mid-sentence, nothing where it ends the question', () => {
    expect(at(10)[0].question.prompt).toBe("Grant is _____ in Grant's tomb.");
    expect(at(29)[0].question.prompt).toBe(
      'The American holiday of Thanksgiving is celebrated on the _____ Thursday of November.',
    );
    expect(at(45)[0].question).toMatchObject({
      type: 'short',
      prompt: 'Two plus two equals _____.',
      acceptedAnswers: ['four', '4'],
    });
    expect(at(8)[0].question.prompt).toBe("Who's buried in Grant's tomb?");
    // A title, and text over two lines.
    expect(at(93)[0]).toMatchObject({
      title: 'Thanksgiving Date',
      question: {
        prompt: 'The American holiday of Thanksgiving is\ncelebrated on the _____ Thursday of November.',
      },
    });
  });

  it('reads an exact number as a short answer, and a partial-credit range beside it as dropped', () => {
    expect(at(70)[0].question).toMatchObject({ type: 'short', acceptedAnswers: ['1822'] });
    expect(noteKeys(at(70)[0])).toEqual(['server.bank-text.gift.numberAsText']);
    expect(at(76)[0].question).toMatchObject({ type: 'short', acceptedAnswers: ['1822'] });
    expect(noteKeys(at(76)[0])).toContain('server.bank-import.note.partialCredit');
    expect(at(85)[0].question).toMatchObject({ prompt: "What's 2 plus 2?", acceptedAnswers: ['4'] });
  });

  it('reads weights: = with a ~%50% beside it stays single with a note; two ~%50% are multiple', () => {
    expect(at(115)[0].question).toMatchObject({
      type: 'single',
      options: [
        { text: 'wrong answer', correct: false },
        { text: 'half credit answer', correct: false },
        { text: 'full credit answer', correct: true },
      ],
    });
    expect(noteKeys(at(115)[0])).toEqual(['server.bank-import.note.partialCredit']);
    for (const line of [130, 136])
      expect(at(line)[0].question).toMatchObject({
        type: 'multiple',
        options: [
          { text: 'No one', correct: false },
          { text: 'Grant', correct: true },
          { text: "Grant's wife", correct: true },
          { text: "Grant's father", correct: false },
        ],
      });
  });

  it('reads the escaped control characters as text, \\\\ as one backslash', () => {
    expect(at(143)[0].question.options).toEqual([
      { text: '= 2 + 2', correct: false },
      { text: '= 2 + 3', correct: true },
      { text: '= 2 + 4', correct: false },
    ]);
    expect(at(148)[0].question.options).toEqual(
      ['~', '=', '#', '{', '}', '\\'].map((text) => ({ text, correct: text === '\\' })),
    );
  });

  it('shows [markdown] as written, and splits the compact matching of format.php', () => {
    expect(at(108)[0].question.prompt).toBe("Who's buried in **Grant's tomb**?");
    expect(noteKeys(at(108)[0])).toContain('server.bank-text.gift.markdown');
    expect(at(177).map((question) => question.question.prompt.split('\n\n')[1])).toEqual([
      'Canada',
      'Italy',
      'Japan',
    ]);
    expect(at(177)[1].question.options).toEqual([
      { text: 'Ottawa', correct: false },
      { text: 'Rome', correct: true },
      { text: 'Tokyo', correct: false },
    ]);
  });

  it('gives the route only questions its schema takes', () => {
    for (const file of ['questions.gift.txt', 'questions_in_category.gift.txt', 'examples.txt'])
      for (const question of readGift(fixture(file)).questions)
        expect(questionSchema.safeParse(question.question).error, `${file} ${question.ref.english}`).toBe(
          undefined,
        );
  });
});

describe('GIFT, written by hand', () => {
  it('test_import_backslash: \\\\ is one backslash', () => {
    expect(only(readGift('::double backslash:: A \\\\ B \\\\\\\\ C{}')).question.prompt).toBe(
      'A \\ B \\\\ C',
    );
  });

  it('test_import_pre_content: [html] keeps <pre> as it is, with its escaped braces', () => {
    const question = only(
      readGift(
        '::Q001::[html]<p>What would running the test method print?</p>\n<pre>\n    public void test() \\{\n        method1();\n    \\}\n</pre>\n{}',
      ),
    );
    expect(question.question).toMatchObject({
      type: 'long',
      prompt: 'What would running the test method print?\n\npublic void test() {\nmethod1();\n}',
    });
  });

  it('test_import_question_with_tags: [tag:…] in comments are tags, after the category’s', () => {
    const question = only(
      readGift(
        '$CATEGORY: $course$/top/Physics//Chemistry/Optics\n\n// [tag:tag] [tag:other-tag].\n// And an idnumber: [id:myid].\n::Question name:: How are you? {}',
      ),
    );
    expect(question.tags).toEqual(['Physics/Chemistry', 'Optics', 'tag', 'other-tag']);
  });

  it('test_import_shortanswer_with_general_feedback: ####[html] is the explanation', () => {
    const question = only(
      readGift(
        '::Shortanswer::Which is the best animal?{\n    =Frog#Good!\n    =%50%Cat#Cats?\n    ####[html]Here is <b>some</b> general feedback!\n}',
      ),
    );
    expect(question.question.explanation).toBe('Here is some general feedback!');
  });

  it('test_import_multichoice_multi_tricky: 100, -50, -50 is a multiple choice with one right answer', () => {
    const question = only(
      readGift('::colours:: Which?\n{\n  ~%100%yellow # right\n  ~%-50%red\n  ~%-50%blue\n}'),
    );
    expect(question.question).toMatchObject({
      type: 'multiple',
      options: [
        { text: 'yellow', correct: true },
        { text: 'red', correct: false },
        { text: 'blue', correct: false },
      ],
    });
    expect(noteKeys(question)).toContain('server.bank-import.note.partialCredit');
  });

  it('reads Devanagari, a missing word in Hindi, and a Hindi category', () => {
    const bank = readGift(
      '$CATEGORY: $course$/top/सामान्य ज्ञान\n\n::राजधानी::भारत की राजधानी क्या है? {=नई दिल्ली ~मुंबई ~कोलकाता}\n\n' +
        'गंगा नदी {=हिमालय ~विंध्याचल} से निकलती है।\n\nसूर्य पूर्व में उगता है।{T}',
    );
    expect(bank.questions.map((question) => [question.title, question.tags, question.question])).toEqual([
      [
        'राजधानी',
        ['सामान्य ज्ञान'],
        {
          type: 'single',
          prompt: 'भारत की राजधानी क्या है?',
          marks: 1,
          explanation: '',
          options: [
            { text: 'नई दिल्ली', correct: true },
            { text: 'मुंबई', correct: false },
            { text: 'कोलकाता', correct: false },
          ],
        },
      ],
      [
        '',
        ['सामान्य ज्ञान'],
        {
          type: 'single',
          prompt: 'गंगा नदी _____ से निकलती है।',
          marks: 1,
          explanation: '',
          options: [
            { text: 'हिमालय', correct: true },
            { text: 'विंध्याचल', correct: false },
          ],
        },
      ],
      [
        '',
        ['सामान्य ज्ञान'],
        { type: 'true_false', trueFalseAnswer: true, prompt: 'सूर्य पूर्व में उगता है।', marks: 1, explanation: '' },
      ],
    ]);
  });

  it('reads CRLF line ends and a byte-order mark as plain LF', () => {
    const lf = '// c\n::A:: One?{=1 ~2}\n\n::B:: Two\nlines?{T}\n';
    const crlf = `\ufeff${lf.replace(/\n/g, '\r\n')}`;
    expect(readGift(crlf)).toEqual(readGift(lf));
    expect(readGift(lf.replace(/\n/g, '\r')).questions).toHaveLength(2);
    expect(readGift(crlf).questions[1].question.prompt).toBe('Two\nlines?');
  });

  it('skips whole-line comments only; // inside a line is text, \\: and \\n escape', () => {
    const question = only(
      readGift(
        '// a comment {=not a question}\n  // indented comment\nSee http://x.org/a\\:b\\nthen? {=yes}\n// last',
      ),
    );
    expect(question.question.prompt).toBe('See http://x.org/a:b\nthen?');
    expect(lineOf(question.ref)).toBe(3);
  });

  it('takes escaped = # ~ { } as text inside answers and titles', () => {
    const question = only(readGift('::a\\:b:: Sum? {=1 \\= 1 \\# ok ~\\{x\\} \\~y # why}'));
    expect(question.title).toBe('a:b');
    expect(question.question.options).toEqual([
      { text: '1 = 1 # ok', correct: true },
      { text: '{x} ~y', correct: false },
    ]);
  });

  it('skips a block whose braces never close, and reads the questions around it', () => {
    const bank = readGift(
      'Good? {T}\n\n::Broken:: Pick {=a ~b\n\nAlso good? {F}\n\nStray } here {=a ~b}\n\nTwo {=a ~b} blocks {=c}',
    );
    expect(bank.questions.map((question) => question.question.prompt)).toEqual(['Good?', 'Also good?']);
    expect(bank.skipped.map((skip) => [lineOf(skip.ref), skip.title, skip.reason])).toEqual([
      [3, 'Broken', expect.objectContaining({ key: 'server.bank-text.gift.unclosedBrace' })],
      [7, '', expect.objectContaining({ key: 'server.bank-text.gift.strayBrace' })],
      [9, '', expect.objectContaining({ key: 'server.bank-text.gift.severalBlocks' })],
    ]);
    expect((bank.skipped[0].reason as Said).english).toBe(
      'Its answer block opens with { but is never closed with }',
    );
    expect(keyOf(skippedOnly(readGift('Opened {=a\n~b\n~c')).reason)).toBe(
      'server.bank-text.gift.unclosedBrace',
    );
    expect(keyOf(skippedOnly(readGift('Twice {=a {~b}')).reason)).toBe('server.bank-text.gift.unclosedBrace');
  });

  it('skips what Gurukul cannot hold, each with its reason', () => {
    const reason = (gift: string) => keyOf(skippedOnly(readGift(gift)).reason);
    expect(reason('Just some text to read.')).toBe('server.bank-import.skip.description');
    expect(reason('Pick {=a =b ~c}')).toBe('server.bank-text.gift.severalRight');
    expect(reason('Pick {~a ~b}')).toBe('server.bank-import.skip.noCorrect');
    expect(reason('Pick {~a}')).toBe('server.bank-text.gift.fewAnswers');
    expect(reason('Name it {=%50%half}')).toBe('server.bank-import.skip.noCorrect');
    expect(reason('How many? {#}')).toBe('server.bank-text.gift.noAnswer');
    expect(reason('How many? {#abc}')).toBe('server.bank-text.gift.notNumber');
    expect(reason('Pi? {#3.141..3.142}')).toBe('server.bank-import.skip.tolerance');
    expect(reason('Match {=a -> 1 =b 2}')).toBe('server.bank-text.gift.matchArrow');
    expect(reason('Match {=a -> 1 =b -> 1}')).toBe('server.bank-text.gift.fewAnswers');

    const eleven = Array.from({ length: 11 }, (_, index) => `~o${index}`).join(' ');
    const tooMany = skippedOnly(readGift(`Pick {=right ${eleven}}`));
    expect(tooMany.reason).toMatchObject({
      key: 'server.bank-import.skip.tooManyOptions',
      values: { count: 12, max: 10 },
    });
    const pairs = Array.from({ length: 11 }, (_, index) => `=l${index} -> r${index}`).join(' ');
    expect(skippedOnly(readGift(`::M:: Match {${pairs}}`))).toMatchObject({
      sourceType: 'match',
      title: 'M',
      reason: { key: 'server.bank-import.skip.tooManyOptions', values: { count: 11, max: 10 } },
    });
  });

  it('reads a number range of no width as exact, and notes a wildcard in an accepted answer', () => {
    expect(only(readGift('Five? {#5..5}')).question).toMatchObject({ type: 'short', acceptedAnswers: ['5'] });
    const wildcard = only(readGift('Colour? {=colo*r =blue}'));
    expect(wildcard.question.acceptedAnswers).toEqual(['colo*r', 'blue']);
    expect(noteKeys(wildcard)).toEqual(['server.bank-import.note.wildcard']);
  });

  it('keeps a picture’s name and notes that GIFT carries no bytes for it', () => {
    const question = only(
      readGift('[html]<p>Which bird?</p><img src="@@PLUGINFILE@@/crow.png" alt="A bird"> {T}'),
    );
    expect(question.question.prompt).toBe('Which bird?');
    expect(question.images).toEqual([{ name: '@@PLUGINFILE@@/crow.png', alt: 'A bird' }]);
    expect(question.notes).toEqual([
      expect.objectContaining({
        key: 'server.bank-import.note.imageMissing',
        values: { name: '@@PLUGINFILE@@/crow.png' },
      }),
    ]);
  });

  it('draws tags in the default format as HTML, keeps its line breaks, and leaves plain < alone', () => {
    expect(only(readGift('Is <b>this</b>\n&amp; that true?{T}')).question.prompt).toBe(
      'Is this\n& that true?',
    );
    expect(only(readGift('Is x < 5 and y > 3?{T}')).question.prompt).toBe('Is x < 5 and y > 3?');
    expect(only(readGift('[plain]Is <b>this</b> true?{T}')).question.prompt).toBe('Is <b>this</b> true?');
  });

  it('changes category for the questions after it, even on the line above a question', () => {
    const bank = readGift(
      'First {T}\n\n$CATEGORY: $system$/top/A/B\n\nSecond {T}\n\n$CATEGORY: tom\nThird {F}\n\n$CATEGORY: top\n\nFourth {T}',
    );
    expect(
      bank.questions.map((question) => [question.question.prompt, question.tags, lineOf(question.ref)]),
    ).toEqual([
      ['First', [], 1],
      ['Second', ['A', 'B'], 5],
      ['Third', ['tom'], 8],
      ['Fourth', [], 12],
    ]);
  });

  it('refuses a file with no question at all', () => {
    for (const text of ['', '\n\n', '// only\n// comments\n', '$CATEGORY: $course$/top/A\n']) {
      const error = (() => {
        try {
          readGift(text);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(BankUnreadable);
      expect((error as BankUnreadable).reason.key).toBe('server.bank-import.noQuestions');
    }
  });

  it('reads thousands of questions in well under a few seconds', () => {
    const kinds = [
      '::T{n}:: Question {n} is {~a =b ~c} here.#',
      'Name {n}? {=one =two#fine ~%0%x}',
      '[html]<p>True {n}?</p>{TRUE####because}',
      'Match {n}. {=a -> 1 =b -> 2 =c -> 3}',
      'Number {n}? {#4}',
    ];
    const text = Array.from(
      { length: 6000 },
      (_, n) => `// question ${n}\n${kinds[n % kinds.length].replace(/\{n\}/g, String(n))}`,
    ).join('\n\n');
    const started = performance.now();
    const bank = readGift(text);
    const took = performance.now() - started;
    expect(bank.questions.length + bank.skipped.length).toBe(6000 + 1200 * 2);
    expect(took).toBeLessThan(2500);
  });
});

describe('looksLikeGift', () => {
  it('knows the GIFT fixtures, and not Aiken, CSV or prose', () => {
    for (const file of ['questions.gift.txt', 'questions_in_category.gift.txt', 'examples.txt']) {
      expect(looksLikeGift(fixture(file))).toBe(true);
      expect(looksLikeAiken(fixture(file))).toBe(false);
    }
    expect(looksLikeGift('$CATEGORY: tom')).toBe(true);
    expect(looksLikeGift('::Title:: Some text')).toBe(true);
    expect(looksLikeGift('Essay? {}')).toBe(true);
    expect(looksLikeGift('Sun? {T}')).toBe(true);
    expect(looksLikeGift('What?\nA) x\nB) y\nANSWER: A')).toBe(false);
    expect(looksLikeGift('type,prompt,options\nsingle,"2+2?",4|5')).toBe(false);
    expect(looksLikeGift('Escaped \\{=not a block}')).toBe(false);
  });
});
