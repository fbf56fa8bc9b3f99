import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { questionSchema } from '../../../../common/contracts/quizzes';
import { BankUnreadable } from './bank-unreadable';
import { readMoodleXml } from './moodle-xml';
import type { ReadBank } from './types';

const fixture = (name: string) =>
  readMoodleXml(readFileSync(path.join(import.meta.dirname, 'fixtures', 'moodle', name), 'utf8'));

const keysOf = (notes: { key: string }[]) => notes.map((note) => note.key);
const reasonKey = (bank: ReadBank, i = 0) => {
  const reason = bank.skipped[i].reason;
  return typeof reason === 'string' ? reason : reason.key;
};
const hex = (bytes: Uint8Array | undefined, count: number) =>
  Buffer.from(bytes?.subarray(0, count) ?? []).toString('hex');

/** A bank of the given <question> elements, as Moodle writes it. */
const quiz = (...questions: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join('\n')}\n</quiz>\n`;
const text = (value: string) => `<text><![CDATA[${value}]]></text>`;
const question = (type: string, body: string, name = 'Q') =>
  `<question type="${type}"><name><text>${name}</text></name>${body}</question>`;
const prompt = (html: string, format = 'html') =>
  `<questiontext format="${format}">${text(html)}</questiontext>`;
const answer = (fraction: number, value: string, extra = '') =>
  `<answer fraction="${fraction}" format="html">${text(value)}${extra}</answer>`;
const category = (path: string) =>
  `<question type="category"><category><text>${path}</text></category></question>`;

function unreadable(read: () => unknown): BankUnreadable {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(BankUnreadable);
    return error as BankUnreadable;
  }
  throw new Error('expected BankUnreadable');
}

describe("Moodle's own fixtures", () => {
  it('nested categories become the tags of the questions after them', () => {
    const bank = fixture('nested_categories_with_questions.xml');
    expect(bank.format).toBe('moodle_xml');
    expect(bank.skipped).toEqual([]);
    expect(
      bank.questions.map((q) => [q.ref.english, q.sourceType, q.title, q.question.type, q.tags]),
    ).toEqual([
      ['Question 1', 'truefalse', 'Iota Question', 'true_false', ['Iota']],
      ['Question 2', 'essay', 'Kappa Essay Question', 'long', ['Iota', 'Kappa']],
      ['Question 3', 'truefalse', 'Kappa Question', 'true_false', ['Iota', 'Kappa']],
      ['Question 4', 'truefalse', 'Lambda Question', 'true_false', ['Iota', 'Kappa', 'Lambda']],
      ['Question 5', 'truefalse', 'Mu Question', 'true_false', ['Iota', 'Mu']],
    ]);
    expect(bank.questions[0].ref).toMatchObject({
      key: 'server.bank-import.ref.question',
      values: { number: 1 },
    });
    expect(bank.questions[0].question).toMatchObject({
      prompt: 'Testing Iota Question',
      trueFalseAnswer: true,
      marks: 1,
      negativeMarks: 0,
      explanation: '',
    });
    expect(bank.questions[1].question.prompt).toBe('Testing Kappa Essay Question');
  });

  it('true/false with pictures: the prompt’s pictures are kept with their bytes, the others noted', () => {
    const bank = fixture('truefalse.xml');
    expect(bank.questions).toHaveLength(2);
    const [falseOne, trueOne] = bank.questions;
    expect(falseOne.title).toBe('Moodle acronym (False)');
    expect(falseOne.tags).toEqual(['Default for testhead', 'TrueFalse']);
    expect(falseOne.question.type).toBe('true_false');
    expect(falseOne.question.trueFalseAnswer).toBe(false);
    expect(trueOne.question.trueFalseAnswer).toBe(true);
    expect(falseOne.question.prompt).toMatch(/^Moodle +is an acronym for Modular Object-Oriented/);
    expect(falseOne.question.prompt).toMatch(/Dynamic Learning Education\.$/);
    expect(falseOne.question.prompt).not.toContain('<');
    expect(falseOne.question.explanation).toBe(
      'For further information, see the documentation about Moodle.',
    );
    expect(falseOne.images).toEqual([{ name: 'q1-logo.jpg', alt: 'Moodle logo' }]);
    expect(trueOne.images).toEqual([{ name: 'q2-logo.jpg', alt: 'Moodle logo' }]);
    // Only pictures a prompt shows are carried: not the feedback's infos.jpg nor the thumbs.
    expect([...bank.files.keys()]).toEqual(['q1-logo.jpg', 'q2-logo.jpg']);
    expect(hex(bank.files.get('q1-logo.jpg'), 3)).toBe('ffd8ff'); // JPEG
    expect(bank.files.get('q1-logo.jpg')?.length).toBeGreaterThan(500);
    expect(keysOf(falseOne.notes)).toEqual([
      'server.bank-import.note.answerFeedback',
      'server.bank-moodle.note.explanationImage',
    ]);
    expect(falseOne.notes[1].values).toEqual({ name: 'infos.jpg' });
  });

  it('multichoice with a sound and flag pictures in the answers', () => {
    const bank = fixture('multichoice.xml');
    expect(bank.questions).toHaveLength(1);
    const [greeting] = bank.questions;
    expect(greeting).toMatchObject({ sourceType: 'multichoice', title: 'Greeting' });
    expect(greeting.tags).toEqual(['Default for testhead', 'Multichoice']);
    expect(greeting.question.type).toBe('single');
    expect(greeting.question.prompt).toBe('Listen to this greeting:\n\nWhat language is being spoken?');
    expect(greeting.question.options).toEqual([
      { text: 'English', correct: false },
      { text: 'French', correct: true },
      { text: 'German', correct: false },
      { text: 'Danish', correct: false },
    ]);
    expect(greeting.images).toEqual([]);
    expect(bank.files.size).toBe(0); // neither the mp3 nor the flags
    expect(keysOf(greeting.notes)).toEqual([
      'server.bank-import.note.mediaDropped',
      'server.bank-moodle.note.optionImage',
      'server.bank-moodle.note.optionImage',
      'server.bank-moodle.note.optionImage',
      'server.bank-moodle.note.optionImage',
      'server.bank-import.note.answerFeedback',
    ]);
    expect(greeting.notes[2].values).toEqual({ name: 'flag-france.jpg' });
  });

  it("Moodle 1.9's <image>/<image_base64> picture is kept; the cloze question is skipped", () => {
    const bank = fixture('sample_questions_with_old_image_tag.xml');
    expect(bank.skipped).toHaveLength(1);
    expect(bank.skipped[0]).toMatchObject({
      sourceType: 'cloze',
      title: 'cloze question with image',
      ref: { english: 'Question 1' },
      reason: { key: 'server.bank-import.skip.noEquivalent', values: { type: 'cloze' } },
    });
    expect(bank.questions).toHaveLength(1);
    const [mcq] = bank.questions;
    expect(mcq.ref.english).toBe('Question 2');
    expect(mcq.question.prompt).toBe(
      'This is a multichoice question with an image in the old "image" field that was used in Moodle 1.9',
    );
    expect(mcq.question.options).toEqual([
      { text: 'wrong answer', correct: false },
      { text: 'another wrong answer', correct: false },
      { text: 'right answer', correct: true },
    ]);
    expect(mcq.images).toEqual([{ name: 'q2-moodle.png', alt: '' }]);
    expect(hex(bank.files.get('q2-moodle.png'), 8)).toBe('89504e470d0a1a0a'); // PNG
    expect(mcq.notes).toEqual([]);
  });

  it('a cloze question with every kind of gap is skipped', () => {
    const bank = fixture('multianswer-all-types.xml');
    expect(bank.questions).toEqual([]);
    expect(bank.skipped).toHaveLength(1);
    expect(bank.skipped[0]).toMatchObject({ sourceType: 'cloze', title: 'All CLOZE types in one question' });
    expect(reasonKey(bank)).toBe('server.bank-import.skip.noEquivalent');
  });

  it('matching: one single-choice question per pair, distractors among the options', () => {
    const bank = fixture('match-testquestion.moodle.xml');
    expect(bank.skipped).toEqual([]);
    expect(bank.questions.map((q) => q.ref.english)).toEqual([
      'Question 1, pair 1',
      'Question 1, pair 2',
      'Question 1, pair 3',
    ]);
    expect(bank.questions.map((q) => q.question.prompt)).toEqual([
      'Classify the animals.\n\nfrog',
      'Classify the animals.\n\ncat',
      'Classify the animals.\n\nnewt',
    ]);
    const options = ['amphibian', 'mammal', 'insect'];
    const correctOf = (i: number) =>
      bank.questions[i].question.options?.filter((o) => o.correct).map((o) => o.text);
    for (const q of bank.questions) {
      expect(q.question.type).toBe('single');
      expect(q.question.options?.map((o) => o.text)).toEqual(options);
      expect(q.question.marks).toBe(0.33);
      expect(q.question.explanation).toBe('General feedback.');
      expect(q.tags).toEqual(['Test questions']);
      expect(keysOf(q.notes)).toEqual(['server.bank-import.note.matchingSplit']);
      expect(q.title).toBe('matching-001');
    }
    expect([correctOf(0), correctOf(1), correctOf(2)]).toEqual([['amphibian'], ['mammal'], ['amphibian']]);
  });

  it('short answer: only the 100 % answers are accepted; the 80 % one and the * catch-all are noted or dropped', () => {
    const bank = fixture('shortanswer-testquestion.moodle.xml');
    const [q] = bank.questions;
    expect(q.question).toMatchObject({
      type: 'short',
      prompt: 'Name an amphibian: __________',
      acceptedAnswers: ['frog'],
      explanation: 'Generalfeedback: frog or toad would have been OK.',
    });
    expect(keysOf(q.notes)).toEqual([
      'server.bank-import.note.partialCredit',
      'server.bank-import.note.answerFeedback',
    ]);
  });

  it('multiple response: every answer with credit is correct; hints are noted', () => {
    const bank = fixture('multichoice-testquestion.moodle.xml');
    const [q] = bank.questions;
    expect(q.question.type).toBe('multiple');
    expect(q.question.prompt).toBe('Find the capital cities in Europe.');
    expect(q.question.options?.filter((o) => o.correct).map((o) => o.text)).toEqual(['London', 'Paris']);
    expect(q.question.options).toHaveLength(5);
    expect(q.question.explanation).toBe('Berlin, Paris and London');
    expect(keysOf(q.notes)).toEqual(['server.bank-moodle.note.hints']);
  });

  it('every question read from the fixtures passes the question form’s schema', () => {
    const names = [
      'nested_categories_with_questions.xml',
      'truefalse.xml',
      'multichoice.xml',
      'sample_questions_with_old_image_tag.xml',
      'match-testquestion.moodle.xml',
      'shortanswer-testquestion.moodle.xml',
      'multichoice-testquestion.moodle.xml',
    ];
    for (const name of names)
      for (const q of fixture(name).questions)
        expect(questionSchema.safeParse(q.question).success).toBe(true);
  });
});

describe('files that are not a bank', () => {
  it('refuses malformed XML with the line where it breaks', () => {
    const error = unreadable(() =>
      readMoodleXml(
        '<?xml version="1.0"?>\n<quiz>\n  <question type="truefalse">\n    <name></nme>\n</quiz>',
      ),
    );
    expect(error.reason.key).toBe('server.bank-import.notXml');
    expect(error.reason.values?.line).toBe(4);
  });

  it('refuses a root other than <quiz>, naming it', () => {
    const error = unreadable(() => readMoodleXml('<questestinterop><item/></questestinterop>'));
    expect(error.reason.key).toBe('server.bank-moodle.notQuiz');
    expect(error.reason.values).toEqual({ expected: '<quiz>', found: '<questestinterop>' });
    expect(error.message).toContain('<questestinterop>');
  });

  it('refuses a quiz of categories only', () => {
    const error = unreadable(() => readMoodleXml(quiz(category('$course$/top/Empty'))));
    expect(error.reason.key).toBe('server.bank-import.noQuestions');
    expect(unreadable(() => readMoodleXml('<quiz/>')).reason.key).toBe('server.bank-import.noQuestions');
  });
});

describe('text', () => {
  it('drops scripts, styles and handlers from HTML, keeping the words', () => {
    const bank = readMoodleXml(
      quiz(
        question(
          'multichoice',
          prompt('<p onclick="steal()">What is 2 + 2?</p><script>alert("x")</script><style>p{}</style>') +
            answer(100, '<b>4</b><script>evil()</script>') +
            answer(0, '<i>5</i>'),
        ),
      ),
    );
    const q = bank.questions[0].question;
    expect(q.prompt).toBe('What is 2 + 2?');
    expect(q.options).toEqual([
      { text: '4', correct: true },
      { text: '5', correct: false },
    ]);
  });

  it('keeps Devanagari intact, in the prompt, the options and the tags', () => {
    const bank = readMoodleXml(
      quiz(
        category('$course$/top/सामान्य ज्ञान/भूगोल'),
        question(
          'multichoice',
          `${prompt('<p>भारत की राजधानी क्या है?</p>')}<generalfeedback format="html">${text('<p>नई दिल्ली १९३१ से राजधानी है।</p>')}</generalfeedback>${answer(100, 'नई दिल्ली')}${answer(0, 'मुंबई')}${answer(0, 'कोलकाता')}<tags><tag><text>राजधानियाँ</text></tag><tag><text>भूगोल</text></tag></tags>`,
          'राजधानी',
        ),
      ),
    );
    const [q] = bank.questions;
    expect(q.title).toBe('राजधानी');
    expect(q.question.prompt).toBe('भारत की राजधानी क्या है?');
    expect(q.question.explanation).toBe('नई दिल्ली १९३१ से राजधानी है।');
    expect(q.question.options?.map((o) => o.text)).toEqual(['नई दिल्ली', 'मुंबई', 'कोलकाता']);
    expect(q.tags).toEqual(['सामान्य ज्ञान', 'भूगोल', 'राजधानियाँ']);
  });

  it('reads plain_text as text (tags stay literal) and keeps moodle_auto_format line breaks', () => {
    const bank = readMoodleXml(
      quiz(
        question('essay', prompt('Explain why <b> is bold.', 'plain_text')),
        question('essay', prompt('First line\nSecond line', 'moodle_auto_format')),
        question('essay', prompt('**Describe** a cell.', 'markdown')),
      ),
    );
    expect(bank.questions.map((q) => q.question.prompt)).toEqual([
      'Explain why <b> is bold.',
      'First line\nSecond line',
      '**Describe** a cell.',
    ]);
  });

  it('unescapes // in category names and merges question tags without repeats', () => {
    const bank = readMoodleXml(
      quiz(
        category('$module$/top/Maths//Physics/Vectors'),
        question(
          'essay',
          `${prompt('Define a vector.')}<tags><tag><text>Vectors</text></tag><tag><text> Basics </text></tag></tags>`,
        ),
        category('Old style/No context'),
        question('essay', prompt('Then?')),
      ),
    );
    expect(bank.questions.map((q) => q.tags)).toEqual([
      ['Maths/Physics', 'Vectors', 'Basics'],
      ['Old style', 'No context'],
    ]);
  });
});

describe('pictures', () => {
  // A 1×1 GIF.
  const gif = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

  it('takes @@PLUGINFILE@@ pictures from the text’s <file>s, by their URL-decoded names, unique in the bank', () => {
    const body = (alt: string) =>
      `<questiontext format="html">${text(`<p>Look: <img src="@@PLUGINFILE@@/my%20graph.gif" alt="${alt}"></p>`)}<file name="my graph.gif" encoding="base64">${gif}</file></questiontext>`;
    const bank = readMoodleXml(quiz(question('essay', body('first')), question('essay', body('second'))));
    expect(bank.questions.map((q) => q.images)).toEqual([
      [{ name: 'q1-my graph.gif', alt: 'first' }],
      [{ name: 'q2-my graph.gif', alt: 'second' }],
    ]);
    expect(Buffer.from(bank.files.get('q1-my graph.gif') ?? []).toString('latin1', 0, 6)).toBe('GIF89a');
    expect(bank.questions[0].question.prompt).toBe('Look:');
  });

  it('notes a picture the file lacks, one on another site, and sound or video', () => {
    const bank = readMoodleXml(
      quiz(
        question(
          'essay',
          prompt(
            '<p><img src="@@PLUGINFILE@@/gone.png"> <img src="https://example.org/x.png"> <audio src="a.mp3"></audio> Describe.</p>',
          ),
        ),
        question('essay', prompt('<video controls><source src="@@PLUGINFILE@@/clip.mp4"></video>Watch.')),
      ),
    );
    expect(bank.questions[0].notes.map((note) => [note.key, note.values])).toEqual([
      ['server.bank-import.note.mediaDropped', undefined],
      ['server.bank-import.note.imageMissing', { name: 'gone.png' }],
      ['server.bank-moodle.note.linkedImage', { name: 'https://example.org/x.png' }],
    ]);
    expect(bank.questions[0].images).toEqual([]);
    expect(keysOf(bank.questions[1].notes)).toEqual(['server.bank-import.note.mediaDropped']);
    expect(bank.files.size).toBe(0);
  });

  it('names an option that is only a picture by its description, else by its file', () => {
    const bank = readMoodleXml(
      quiz(
        question(
          'multichoice',
          prompt('Which flag is India’s?') +
            answer(100, '<img src="@@PLUGINFILE@@/in.png" alt="Tricolour">') +
            answer(0, '<img src="@@PLUGINFILE@@/np.png">'),
        ),
      ),
    );
    expect(bank.questions[0].question.options).toEqual([
      { text: 'Tricolour', correct: true },
      { text: 'np.png', correct: false },
    ]);
    expect(bank.questions[0].notes.map((note) => note.values)).toEqual([
      { name: 'in.png' },
      { name: 'np.png' },
    ]);
  });

  it('keeps a data: picture', () => {
    const bank = readMoodleXml(
      quiz(question('essay', prompt(`<img src="data:image/gif;base64,${gif}" alt="dot">What is this?`))),
    );
    expect(bank.questions[0].images).toEqual([{ name: 'q1-image.gif', alt: 'dot' }]);
    expect(hex(bank.files.get('q1-image.gif'), 3)).toBe('474946');
  });
});

describe('question types', () => {
  it('single choice: partial credit noted; none or several fully right skipped', () => {
    const bank = readMoodleXml(
      quiz(
        question('multichoice', `${prompt('A?')}<single>true</single>${answer(100, 'a')}${answer(50, 'b')}`),
        question('multichoice', `${prompt('B?')}<single>true</single>${answer(100, 'a')}${answer(0, 'b')}`),
        question('multichoice', `${prompt('C?')}<single>true</single>${answer(50, 'a')}${answer(0, 'b')}`),
        question('multichoice', `${prompt('D?')}<single>true</single>${answer(100, 'a')}${answer(100, 'b')}`),
      ),
    );
    expect(bank.questions.map((q) => [q.ref.english, keysOf(q.notes)])).toEqual([
      ['Question 1', ['server.bank-import.note.partialCredit']],
      ['Question 2', []],
    ]);
    expect(bank.questions[0].question.options).toEqual([
      { text: 'a', correct: true },
      { text: 'b', correct: false },
    ]);
    expect(
      bank.skipped.map((s) => [s.ref.english, typeof s.reason === 'string' ? s.reason : s.reason.key]),
    ).toEqual([
      ['Question 3', 'server.bank-import.skip.noCorrect'],
      ['Question 4', 'server.bank-moodle.skip.severalCorrect'],
    ]);
  });

  it('multiple response: unequal or negative credit is noted; more than ten answers skipped', () => {
    const many = Array.from({ length: 11 }, (_, i) => answer(i === 0 ? 100 : 0, `option ${i + 1}`)).join('');
    const bank = readMoodleXml(
      quiz(
        question(
          'multichoice',
          `${prompt('Primes?')}<single>false</single>${answer(50, '2')}${answer(50, '3')}${answer(0, '4')}`,
        ),
        question(
          'multichoice',
          `${prompt('Evens?')}<single>false</single>${answer(60, '2')}${answer(40, '4')}${answer(-100, '5')}`,
        ),
        question('multichoice', `${prompt('Many?')}${many}`),
        question(
          'multichoice',
          `${prompt('None?')}<single>false</single>${answer(0, 'a')}${answer(-50, 'b')}`,
        ),
      ),
    );
    expect(bank.questions.map((q) => [q.question.type, keysOf(q.notes)])).toEqual([
      ['multiple', []],
      ['multiple', ['server.bank-import.note.partialCredit']],
    ]);
    expect(bank.questions[1].question.options?.map((o) => o.correct)).toEqual([true, true, false]);
    expect(bank.skipped.map((s) => s.reason)).toEqual([
      expect.objectContaining({
        key: 'server.bank-import.skip.tooManyOptions',
        values: { count: 11, max: 10 },
      }),
      expect.objectContaining({ key: 'server.bank-import.skip.noCorrect' }),
    ]);
  });

  it('true/false from the answer worth 100 %, with Moodle’s order fallback for unnamed answers', () => {
    const bank = readMoodleXml(
      quiz(
        question('truefalse', `${prompt('Water is wet.')}${answer(100, 'true')}${answer(0, 'false')}`),
        question('truefalse', `${prompt('Fire is cold.')}${answer(0, 'true')}${answer(100, 'false')}`),
        question('truefalse', `${prompt('Old file.')}${answer(0, 'Wahr')}${answer(100, 'Falsch')}`),
        question('truefalse', `${prompt('Unmarked.')}${answer(0, 'true')}${answer(0, 'false')}`),
      ),
    );
    expect(bank.questions.map((q) => q.question.trueFalseAnswer)).toEqual([true, false, false]);
    expect(keysOf(bank.questions[2].notes)).toEqual(['server.bank-moodle.note.trueFalseOrder']);
    expect(reasonKey(bank)).toBe('server.bank-import.skip.noCorrect');
  });

  it('short answer: a * in an accepted answer and case sensitivity are noted; no full answer is skipped', () => {
    const bank = readMoodleXml(
      quiz(
        question(
          'shortanswer',
          `${prompt('Name a planet.')}<usecase>1</usecase>${answer(100, ' Mars ')}${answer(100, 'Jup*')}${answer(100, 'Mars')}`,
        ),
        question('shortanswer', `${prompt('Half?')}${answer(50, 'half')}`),
      ),
    );
    expect(bank.questions[0].question.acceptedAnswers).toEqual(['Mars', 'Jup*']);
    expect(keysOf(bank.questions[0].notes)).toEqual([
      'server.bank-import.note.wildcard',
      'server.bank-moodle.note.caseSensitive',
    ]);
    expect(reasonKey(bank)).toBe('server.bank-import.skip.noCorrect');
  });

  it('numerical: exact numbers become accepted answers; a tolerance or units are skipped', () => {
    const numeric = (value: string, tolerance: string, fraction = 100) =>
      `<answer fraction="${fraction}"><text>${value}</text><tolerance>${tolerance}</tolerance></answer>`;
    const bank = readMoodleXml(
      quiz(
        question(
          'numerical',
          `${prompt('What is 6 × 7?')}${numeric('42', '0')}${numeric('42.0', '')}${numeric('40', '0', 50)}${numeric('*', '0', 0)}`,
        ),
        question('numerical', `${prompt('About π?')}${numeric('3.14', '0.01')}`),
        question(
          'numerical',
          `${prompt('How far?')}${numeric('5', '0')}<units><unit><multiplier>1</multiplier><unit_name>km</unit_name></unit><unit><multiplier>1000</multiplier><unit_name>m</unit_name></unit></units>`,
        ),
      ),
    );
    expect(bank.questions).toHaveLength(1);
    expect(bank.questions[0].question).toMatchObject({ type: 'short', acceptedAnswers: ['42', '42.0'] });
    expect(keysOf(bank.questions[0].notes)).toEqual(['server.bank-import.note.partialCredit']);
    expect(bank.skipped.map((s) => s.reason)).toEqual([
      expect.objectContaining({ key: 'server.bank-import.skip.tolerance' }),
      expect.objectContaining({ key: 'server.bank-moodle.skip.units', values: { units: 'km, m' } }),
    ]);
  });

  it('essay: long, or file when only attachments are asked for', () => {
    const bank = readMoodleXml(
      quiz(
        question(
          'essay',
          `${prompt('Write.')}<responseformat>editor</responseformat><attachments>0</attachments>`,
        ),
        question(
          'essay',
          `${prompt('Upload.')}<responseformat>noinline</responseformat><attachments>1</attachments>`,
        ),
        question(
          'essay',
          `${prompt('Both.')}<responseformat>editor</responseformat><attachments>-1</attachments><graderinfo format="html">${text('Look for the thesis.')}</graderinfo>`,
        ),
      ),
    );
    expect(bank.questions.map((q) => q.question.type)).toEqual(['long', 'file', 'long']);
    expect(keysOf(bank.questions[2].notes)).toEqual([
      'server.bank-moodle.note.attachments',
      'server.bank-moodle.note.graderInfo',
    ]);
  });

  it('matching: marks shared among the pairs; more than ten answers skipped', () => {
    const pair = (item: string, match: string) =>
      `<subquestion format="html">${text(item)}<answer><text>${match}</text></answer></subquestion>`;
    const pairs = Array.from({ length: 11 }, (_, i) => pair(`item ${i}`, `match ${i}`)).join('');
    const bank = readMoodleXml(
      quiz(
        question(
          'matching',
          `${prompt('<p>Match the capitals.</p>')}<defaultgrade>2</defaultgrade>${pair('India', 'New Delhi')}${pair('Nepal', 'Kathmandu')}${pair('Bhutan', 'Thimphu')}${pair('', 'Dhaka')}`,
        ),
        question('matching', `${prompt('Too many.')}${pairs}`),
      ),
    );
    expect(bank.questions).toHaveLength(3);
    expect(bank.questions.map((q) => q.question.marks)).toEqual([0.67, 0.67, 0.67]);
    expect(bank.questions[2].question.prompt).toBe('Match the capitals.\n\nBhutan');
    expect(bank.questions[2].question.options).toEqual([
      { text: 'New Delhi', correct: false },
      { text: 'Kathmandu', correct: false },
      { text: 'Thimphu', correct: true },
      { text: 'Dhaka', correct: false },
    ]);
    expect(bank.questions[1].ref).toMatchObject({
      key: 'server.bank-moodle.ref.pair',
      values: { number: 1, pair: 2 },
    });
    expect(bank.skipped[0]).toMatchObject({
      ref: { english: 'Question 2' },
      reason: { key: 'server.bank-import.skip.tooManyOptions', values: { count: 11, max: 10 } },
    });
  });

  it('skips descriptions, random questions and kinds Gurukul has no equivalent of, counting them', () => {
    const types = ['description', 'random', 'calculated', 'ddwtos', 'gapselect', 'ordering', 'somethingnew'];
    const bank = readMoodleXml(quiz(...types.map((type) => question(type, prompt('x')))));
    expect(bank.questions).toEqual([]);
    expect(bank.skipped.map((s) => [s.ref.english, s.sourceType, s.reason])).toEqual([
      ['Question 1', 'description', expect.objectContaining({ key: 'server.bank-import.skip.description' })],
      ['Question 2', 'random', expect.objectContaining({ key: 'server.bank-import.skip.random' })],
      ...types
        .slice(2)
        .map((type, i) => [
          `Question ${i + 3}`,
          type,
          expect.objectContaining({ key: 'server.bank-import.skip.noEquivalent', values: { type } }),
        ]),
    ]);
  });

  it('marks from <defaultgrade>, 1 when absent or 0', () => {
    const bank = readMoodleXml(
      quiz(
        question('essay', `${prompt('a')}<defaultgrade>2.5000000</defaultgrade>`),
        question('essay', prompt('b')),
        question('essay', `${prompt('c')}<defaultgrade>0</defaultgrade>`),
      ),
    );
    expect(bank.questions.map((q) => q.question.marks)).toEqual([2.5, 1, 1]);
    expect(keysOf(bank.questions[2].notes)).toEqual(['server.bank-moodle.note.zeroMarks']);
  });
});

describe('size', () => {
  it('reads 5,000 questions well within ten seconds', () => {
    const one = (i: number) =>
      question(
        'multichoice',
        `${prompt(`<p>Question ${i}: which is <b>right</b>?</p>`)}<generalfeedback format="html">${text('<p>Because.</p>')}</generalfeedback><defaultgrade>1.0000000</defaultgrade><single>true</single>${answer(100, '<p>Right</p>', '<feedback><text></text></feedback>')}${answer(0, '<p>Wrong</p>')}${answer(0, '<p>Also wrong</p>')}<tags><tag><text>bulk</text></tag></tags>`,
        `Q${i}`,
      );
    const questions: string[] = [];
    for (let i = 0; i < 5000; i += 1) {
      if (i % 100 === 0) questions.push(category(`$course$/top/Bulk/Part ${i / 100}`));
      questions.push(one(i));
    }
    const xml = quiz(...questions);
    const started = performance.now();
    const bank = readMoodleXml(xml);
    const elapsed = performance.now() - started;
    expect(bank.questions).toHaveLength(5000);
    expect(bank.questions[4999].tags).toEqual(['Bulk', 'Part 49', 'bulk']);
    expect(elapsed).toBeLessThan(10_000);
  });
});
