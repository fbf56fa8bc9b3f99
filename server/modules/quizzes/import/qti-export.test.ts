import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type QuestionInput, questionSchema } from '../../../../common/contracts/quizzes';
import { readQtiPackage } from './qti';
import { type ExportQuestion, writeQtiPackage } from './qti-export';
import { childElements, descendants, firstChild, parseXml, textOf } from './xml-tree';

const png = new Uint8Array(
  readFileSync(path.join(import.meta.dirname, 'fixtures', 'qti', 'v2p1', 'images', 'sign.png')),
);
const otherPng = png.slice();
otherPng[otherPng.length - 5] ^= 0xff;

/** One question of every type, in Hindi and English, with what is easiest to lose on the way. */
const QUESTIONS: ExportQuestion[] = [
  {
    question: {
      type: 'single',
      prompt: 'नक्शे को देखिए।\nभारत की राजधानी क्या है?\n\n(एक  उत्तर चुनें: a < b && "c")',
      options: [
        { text: 'नई दिल्ली', correct: true },
        { text: 'मुंबई', correct: false },
        { text: 'कोलकाता\n(1911 तक)', correct: false },
      ],
      acceptedAnswers: [],
      marks: 2,
      negativeMarks: 0.5,
      explanation: 'नई दिल्ली 1931 से राजधानी है।\nकोलकाता उससे पहले थी।',
    },
    tags: ['भूगोल', 'Class 6 & 7'],
    images: [{ name: 'नक्शा.png', alt: 'भारत का नक्शा', bytes: png, mime: 'image/png' }],
  },
  {
    question: {
      type: 'multiple',
      prompt: 'Which of these are prime numbers?',
      options: [
        { text: '2', correct: true },
        { text: '4', correct: false },
        { text: '7', correct: true },
        { text: '<script>alert(1)</script>', correct: false },
      ],
      acceptedAnswers: [],
      marks: 4,
      negativeMarks: 1,
      explanation: '',
    },
    tags: ['maths'],
    images: [],
  },
  {
    question: {
      type: 'true_false',
      prompt: 'सूर्य पश्चिम में उगता है।',
      options: [],
      trueFalseAnswer: false,
      acceptedAnswers: [],
      marks: 1,
      negativeMarks: 0.25,
      explanation: 'सूर्य पूर्व में उगता है।',
    },
    tags: [],
    images: [],
  },
  {
    question: {
      type: 'short',
      prompt: 'भारत की सबसे लंबी नदी कौन-सी है?',
      options: [],
      acceptedAnswers: ['गंगा', 'Ganga', 'Ganges'],
      marks: 3,
      negativeMarks: 1.5,
      explanation: 'गंगा लगभग 2,525 km लंबी है।',
    },
    tags: ['भूगोल', 'नदियाँ'],
    // A different picture with the same name: kept apart.
    images: [{ name: 'नक्शा.png', alt: 'नदियों का नक्शा', bytes: otherPng, mime: 'image/png' }],
  },
  {
    question: {
      type: 'long',
      prompt: 'Describe the water cycle.\nUse at least 100 words.',
      options: [],
      acceptedAnswers: [],
      marks: 10,
      negativeMarks: 0,
      explanation: '',
    },
    tags: [],
    images: [],
  },
  {
    question: {
      type: 'file',
      prompt: 'अपनी परियोजना की रिपोर्ट अपलोड करें।',
      options: [],
      acceptedAnswers: [],
      marks: 5,
      negativeMarks: 0,
      explanation: 'PDF में भेजें।',
    },
    tags: ['project'],
    // The same picture as the first question's: one file.
    images: [{ name: 'नक्शा.png', alt: '', bytes: png, mime: 'image/png' }],
  },
];

const QUIZ = { title: 'भूगोल & Maths — अभ्यास', identifier: '3f2b7c1e-0000-4000-8000-000000000001' };

describe('writeQtiPackage', () => {
  it('reads back to the same questions, tags and pictures (every type, Devanagari, line breaks, penalties)', () => {
    const bank = readQtiPackage(writeQtiPackage(QUIZ, QUESTIONS));
    expect(bank.skipped).toEqual([]);
    expect(bank.questions.map((read) => read.question)).toEqual(QUESTIONS.map((entry) => entry.question));
    expect(bank.questions.map((read) => read.tags)).toEqual(QUESTIONS.map((entry) => entry.tags));
    expect(bank.questions.map((read) => read.notes)).toEqual(QUESTIONS.map(() => []));
    expect(bank.questions.map((read) => read.sourceType)).toEqual([
      'choiceInteraction',
      'choiceInteraction',
      'choiceInteraction',
      'textEntryInteraction',
      'extendedTextInteraction',
      'uploadInteraction',
    ]);
    bank.questions.forEach((read, index) => {
      const written = QUESTIONS[index].images;
      expect(read.images.map((image) => image.alt)).toEqual(written.map((image) => image.alt));
      expect(read.images.map((image) => bank.files.get(image.name))).toEqual(
        written.map((image) => image.bytes),
      );
      expect(questionSchema.safeParse(read.question).success).toBe(true);
    });
    expect(bank.questions[0].images[0].name).toBe('images/नक्शा.png');
    expect(bank.questions[3].images[0].name).toBe('images/4-नक्शा.png');
    expect(bank.questions[5].images[0].name).toBe('images/नक्शा.png');
    expect(bank.files.size).toBe(2);
  });

  it('writes a QTI 2.1 content package: manifest, a test, one item per question, pictures as files', () => {
    const files = unzipSync(writeQtiPackage(QUIZ, QUESTIONS));
    expect(Object.keys(files).sort()).toEqual(
      [
        'imsmanifest.xml',
        'assessment.xml',
        'item-001.xml',
        'item-002.xml',
        'item-003.xml',
        'item-004.xml',
        'item-005.xml',
        'item-006.xml',
        'images/नक्शा.png',
        'images/4-नक्शा.png',
      ].sort(),
    );
    const manifest = parseXml(strFromU8(files['imsmanifest.xml']));
    const resources = descendants(manifest, 'resource');
    expect(resources.map((resource) => resource.attrs.type)).toEqual([
      'imsqti_test_xmlv2p1',
      ...QUESTIONS.map(() => 'imsqti_item_xmlv2p1'),
    ]);
    expect(descendants(resources[1], 'keyword').map((keyword) => textOf(keyword))).toEqual([
      'भूगोल',
      'Class 6 & 7',
    ]);
    expect(childElements(resources[1], 'file').map((file) => file.attrs.href)).toEqual([
      'item-001.xml',
      'images/नक्शा.png',
    ]);
    const test = parseXml(strFromU8(files['assessment.xml']));
    expect(test.attrs.title).toBe(QUIZ.title);
    expect(descendants(test, 'assessmentItemRef').map((ref) => ref.attrs.href)).toHaveLength(6);

    const single = parseXml(strFromU8(files['item-001.xml']));
    expect(single.name).toBe('assessmentItem');
    expect(single.attrs.xmlns).toBe('http://www.imsglobal.org/xsd/imsqti_v2p1');
    const body = firstChild(single, 'itemBody')!;
    expect(descendants(body, 'img').map((img) => img.attrs)).toEqual([
      { src: 'images/नक्शा.png', alt: 'भारत का नक्शा' },
    ]);
    expect(descendants(firstChild(body, 'p')!, 'br')).toHaveLength(3);
    // A wrong answer scores minus the penalty in the response processing, not only in the outcome's bounds.
    const otherwise = descendants(single, 'responseElse')[0];
    expect(textOf(descendants(otherwise, 'baseValue')[0])).toBe('-0.5');
    const feedback = firstChild(single, 'modalFeedback')!;
    expect(feedback.attrs).toEqual({
      outcomeIdentifier: 'FEEDBACK',
      identifier: 'GENERAL',
      showHide: 'show',
    });

    const short = parseXml(strFromU8(files['item-004.xml']));
    expect(descendants(short, 'mapEntry').map((entry) => entry.attrs)).toEqual(
      ['गंगा', 'Ganga', 'Ganges'].map((mapKey) => ({ mapKey, mappedValue: '3', caseSensitive: 'false' })),
    );
  });

  it('writes what XML cannot hold as nothing, and an empty quiz as an empty package', () => {
    const odd: QuestionInput = {
      type: 'long',
      prompt: 'Bell\u0007 and\r\nline',
      options: [],
      acceptedAnswers: [],
      marks: 1,
      negativeMarks: 0,
      explanation: '',
    };
    const bank = readQtiPackage(writeQtiPackage(QUIZ, [{ question: odd, tags: [], images: [] }]));
    expect(bank.questions[0].question.prompt).toBe('Bell and\nline');
    const empty = unzipSync(writeQtiPackage(QUIZ, []));
    expect(Object.keys(empty).sort()).toEqual(['assessment.xml', 'imsmanifest.xml']);
  });
});
