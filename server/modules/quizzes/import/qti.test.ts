import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { questionSchema } from '../../../../common/contracts/quizzes';
import type { Said, Text } from '../../../i18n/said';
import { BankUnreadable } from './bank-unreadable';
import { QTI_ZIP_LIMITS, readQtiPackage, readQtiXml } from './qti';
import type { DraftQuestion, ReadBank, SkippedQuestion } from './types';

// The 1EdTech / IMS examples in fixtures/qti are copied byte for byte (fixtures/qti/README.md names their origin).
const fixtures = path.join(import.meta.dirname, 'fixtures', 'qti');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const fixtureText = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

const keysOf = (notes: Said[]) => notes.map((note) => note.key);
const keyOf = (text: Text | undefined) => (typeof text === 'string' ? text : text?.key);

function only(bank: ReadBank): DraftQuestion {
  expect(bank.skipped).toEqual([]);
  expect(bank.questions).toHaveLength(1);
  return bank.questions[0];
}

function refusal(read: () => unknown): Said {
  try {
    read();
  } catch (error) {
    if (error instanceof BankUnreadable) return error.reason;
    throw error;
  }
  throw new Error('the file was read');
}

const byRef = (bank: ReadBank, name: string): DraftQuestion | undefined =>
  bank.questions.find((question) => question.ref.values?.name === name);
const skippedByRef = (bank: ReadBank, name: string): SkippedQuestion | undefined =>
  bank.skipped.find((question) => question.ref.values?.name === name);

describe('readQtiXml: the IMS QTI 2.1 examples', () => {
  it('reads choice.xml as a single choice with its first option right, its picture noted as missing', () => {
    const read = only(readQtiXml(fixtureText('v2p1/choice.xml')));
    expect(read.ref).toMatchObject({ key: 'server.bank-import.ref.item', values: { name: 'choice' } });
    expect(read.title).toBe('Unattended Luggage');
    expect(read.sourceType).toBe('choiceInteraction');
    expect(read.question).toEqual({
      type: 'single',
      prompt: 'Look at the text in the picture.\nWhat does it say?',
      options: [
        { text: 'You must stay with your luggage at all times.', correct: true },
        { text: 'Do not let someone else look after your luggage.', correct: false },
        { text: 'Remember your luggage when you leave.', correct: false },
      ],
      acceptedAnswers: [],
      marks: 1,
      negativeMarks: 0,
      explanation: '',
    });
    expect(read.images).toEqual([]);
    expect(read.notes).toEqual([
      expect.objectContaining({
        key: 'server.bank-import.note.imageMissing',
        values: { name: 'images/sign.png' },
      }),
    ]);
    expect(questionSchema.safeParse(read.question).success).toBe(true);
  });

  it('reads choice_multiple.xml as multiple choice worth its mapping upperBound, partial credit noted', () => {
    const read = only(readQtiXml(fixtureText('v2p1/choice_multiple.xml')));
    expect(read.question.type).toBe('multiple');
    expect(read.question.prompt).toBe('Which of the following elements are used to form water?');
    expect(read.question.options?.filter((option) => option.correct).map((option) => option.text)).toEqual([
      'Hydrogen',
      'Oxygen',
    ]);
    expect(read.question.options).toHaveLength(6);
    // lowerBound="0": the defaultValue of -2 never takes a mark away.
    expect(read.question).toMatchObject({ marks: 2, negativeMarks: 0 });
    expect(keysOf(read.notes)).toEqual(['server.bank-import.note.partialCredit']);
  });

  it('reads text_entry.xml as a short answer with a blank where the box is, both mapped spellings accepted', () => {
    const read = only(readQtiXml(fixtureText('v2p1/text_entry.xml')));
    expect(read.question.type).toBe('short');
    expect(read.question.acceptedAnswers).toEqual(['York', 'york']);
    expect(read.question.prompt).toBe(
      "Identify the missing word in this famous quotation from Shakespeare's Richard III.\n" +
        'Now is the winter of our discontent\nMade glorious summer by this sun of _____;\n' +
        "And all the clouds that lour'd upon our house\nIn the deep bosom of the ocean buried.",
    );
    expect(read.question.marks).toBe(1);
    expect(keysOf(read.notes)).toEqual(['server.bank-import.note.partialCredit']);
  });

  it('reads extended_text.xml as a long answer, its <object> picture taken as a picture', () => {
    const read = only(readQtiXml(fixtureText('v2p1/extended_text.xml')));
    expect(read.question).toMatchObject({
      type: 'long',
      prompt:
        'Read this postcard from your English pen-friend, Sam.\nWrite Sam a postcard. Answer the questions. Write 25-35 words.',
      options: [],
      acceptedAnswers: [],
      marks: 1,
    });
    expect(read.notes).toEqual([
      expect.objectContaining({
        key: 'server.bank-import.note.imageMissing',
        values: { name: 'images/postcard.png' },
      }),
    ]);
  });

  it('reads upload.xml as a file answer', () => {
    const read = only(readQtiXml(fixtureText('v2p1/upload.xml')));
    expect(read.question.type).toBe('file');
    expect(read.question.prompt).toMatch(/^A chocolate factory produces .* represent the chocolates\.$/s);
    expect(read.title).toBe('Chocolate Factory');
  });

  it('skips match.xml: Gurukul has no matching question', () => {
    const bank = readQtiXml(fixtureText('v2p1/match.xml'));
    expect(bank.questions).toEqual([]);
    expect(bank.skipped).toEqual([
      {
        ref: expect.objectContaining({ values: { name: 'match' } }),
        sourceType: 'matchInteraction',
        title: 'Characters and Plays',
        reason: expect.objectContaining({
          key: 'server.bank-import.skip.noEquivalent',
          values: { type: 'matchInteraction' },
        }),
      },
    ]);
  });

  it('keeps feedback.xml but not its feedback on single answers, which is not in the options either', () => {
    const read = only(readQtiXml(fixtureText('v2p1/feedback.xml')));
    expect(read.question.options).toEqual([
      { text: 'George W Bush', correct: false },
      { text: 'Tony Blair', correct: false },
      { text: 'Vicente Fox', correct: true },
      { text: 'Ariel Sharon', correct: false },
    ]);
    expect(read.question.explanation).toBe('');
    expect(keysOf(read.notes)).toEqual(['server.bank-import.note.answerFeedback']);
  });
});

describe('readQtiXml: the 1EdTech QTI 3.0 examples', () => {
  it('reads a True/False choice as true/false, worth its MAXSCORE', () => {
    const read = only(readQtiXml(fixtureText('v3p0/Example01-modalFeedback.xml')));
    expect(read.sourceType).toBe('qti-choice-interaction');
    expect(read.question).toEqual({
      type: 'true_false',
      prompt: 'Sigmund Freud and Carl Jung both belong to the psychoanalytic school of psychology.',
      options: [],
      trueFalseAnswer: true,
      acceptedAnswers: [],
      marks: 10,
      negativeMarks: 0,
      explanation: '',
    });
    // "correct" and "incorrect" are shown by the answer: feedback on answers, not an explanation.
    expect(keysOf(read.notes)).toEqual(['server.bank-import.note.answerFeedback']);
  });

  it('reads kebab-case choices, mapping and normal-maximum', () => {
    const read = only(readQtiXml(fixtureText('v3p0/MultipleAnswer-choice-materials.xml')));
    expect(read.question).toMatchObject({
      type: 'multiple',
      prompt: 'Select the application(s) for which aluminium alloy is most suitable:',
      options: [
        { text: 'Aircraft', correct: true },
        { text: 'Irrigation pipes', correct: true },
        { text: 'Cultivator tines', correct: false },
        { text: 'Racing cars', correct: false },
      ],
      marks: 2,
      negativeMarks: 0,
    });
  });

  it('reads an essay and an upload, worth their normal-maximum', () => {
    const essay = only(readQtiXml(fixtureText('v3p0/essay-vacation.xml')));
    expect(essay.question).toMatchObject({ type: 'long', marks: 20 });
    expect(essay.question.prompt).toMatch(
      /^Write a few lines about what you did during the vacation\.\nWrite 20-50 words\./,
    );
    const upload = only(readQtiXml(fixtureText('v3p0/upload-file.xml')));
    expect(upload.question).toMatchObject({
      type: 'file',
      marks: 20,
      prompt: 'Upload a file here:\nEnter the filename',
    });
  });

  it('skips an item with two text entries', () => {
    const bank = readQtiXml(fixtureText('v3p0/text_entry-Lycidas.xml'));
    expect(bank.questions).toEqual([]);
    expect(bank.skipped[0].reason).toMatchObject({
      key: 'server.bank-import.skip.noEquivalent',
      values: { type: 'qti-text-entry-interaction × 2' },
    });
  });
});

describe('readQtiXml: what is not an item', () => {
  it('refuses malformed XML with its line', () => {
    const reason = refusal(() =>
      readQtiXml('<assessmentItem identifier="x">\n<itemBody>\n</assessmentItem>'),
    );
    expect(reason.key).toBe('server.bank-import.notXml');
    expect(reason.values?.line).toBe(3);
  });

  it('names what the file is instead', () => {
    expect(refusal(() => readQtiXml('<manifest identifier="m"/>'))).toMatchObject({
      key: 'server.bank-qti.needsPackage',
      values: { element: 'manifest' },
    });
    expect(refusal(() => readQtiXml('<qti-assessment-test identifier="t"/>'))).toMatchObject({
      key: 'server.bank-qti.needsPackage',
      values: { element: 'qti-assessment-test' },
    });
    expect(refusal(() => readQtiXml('<questestinterop/>')).key).toBe('server.bank-qti.version12');
    expect(refusal(() => readQtiXml('<quiz/>'))).toMatchObject({
      key: 'server.bank-qti.notItem',
      values: { element: 'quiz' },
    });
  });

  it('skips templates, adaptive items and items without an interaction', () => {
    const item = (attrs: string, inside: string) =>
      keyOf(
        readQtiXml(`<assessmentItem identifier="i" title="t" ${attrs}>${inside}</assessmentItem>`).skipped[0]
          ?.reason,
      );
    const body = '<itemBody><extendedTextInteraction responseIdentifier="R"/></itemBody>';
    expect(item('', `<templateProcessing/>${body}`)).toBe('server.bank-qti.skip.template');
    expect(item('adaptive="true"', body)).toBe('server.bank-qti.skip.adaptive');
    expect(item('', '<itemBody><p>Read this.</p></itemBody>')).toBe('server.bank-import.skip.description');
  });

  it('reads general feedback as the explanation, a penalty from the mapping, MathML as text', () => {
    const read = only(
      readQtiXml(`<qti-assessment-item identifier="q" title="Sums">
        <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
          <qti-correct-response><qti-value>A</qti-value></qti-correct-response>
          <qti-mapping default-value="-1"><qti-map-entry map-key="A" mapped-value="3"/></qti-mapping>
        </qti-response-declaration>
        <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>
        <qti-outcome-declaration identifier="SOLUTION" cardinality="single" base-type="identifier">
          <qti-default-value><qti-value>shown</qti-value></qti-default-value>
        </qti-outcome-declaration>
        <qti-item-body>
          <qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
            <qti-prompt>What is <math><mn>2</mn><mo>+</mo><mn>2</mn></math>?</qti-prompt>
            <qti-simple-choice identifier="A">4 <img src="four.png" alt="four"/></qti-simple-choice>
            <qti-simple-choice identifier="B">5</qti-simple-choice>
          </qti-choice-interaction>
          <qti-feedback-block outcome-identifier="SOLUTION" identifier="shown" show-hide="show">
            <qti-content-body><p>Two and two make four.</p></qti-content-body>
          </qti-feedback-block>
          <audio src="sum.mp3"/>
        </qti-item-body>
      </qti-assessment-item>`),
    );
    expect(read.question).toMatchObject({
      type: 'single',
      prompt: 'What is 2 + 2?',
      options: [
        { text: '4', correct: true },
        { text: '5', correct: false },
      ],
      marks: 3,
      negativeMarks: 1,
      explanation: 'Two and two make four.',
    });
    expect(keysOf(read.notes).sort()).toEqual(
      [
        'server.bank-qti.note.mathAsText',
        'server.bank-qti.note.imageDropped',
        'server.bank-import.note.mediaDropped',
      ].sort(),
    );
  });

  it('tells single from multiple choice by maxChoices, else by the response cardinality', () => {
    const typeOf = (cardinality: string, maxChoices: string) =>
      only(
        readQtiXml(`<assessmentItem identifier="q">
          <responseDeclaration identifier="RESPONSE" cardinality="${cardinality}" baseType="identifier">
            <correctResponse><value>A</value></correctResponse>
          </responseDeclaration>
          <itemBody><choiceInteraction responseIdentifier="RESPONSE" ${maxChoices}>
            <prompt>Pick</prompt><simpleChoice identifier="A">a</simpleChoice><simpleChoice identifier="B">b</simpleChoice>
          </choiceInteraction></itemBody>
        </assessmentItem>`),
      ).question.type;
    expect(typeOf('single', '')).toBe('single');
    expect(typeOf('single', 'maxChoices="0"')).toBe('single');
    expect(typeOf('multiple', 'maxChoices="1"')).toBe('single');
    expect(typeOf('multiple', '')).toBe('multiple');
    expect(typeOf('multiple', 'maxChoices="0"')).toBe('multiple');
  });

  it('caps a penalty larger than the marks, and says so', () => {
    const read = only(
      readQtiXml(`<assessmentItem identifier="q">
        <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string">
          <correctResponse><value>Delhi</value></correctResponse>
        </responseDeclaration>
        <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float" normalMaximum="1" normalMinimum="-2"/>
        <itemBody><p>Capital?</p><textEntryInteraction responseIdentifier="RESPONSE"/></itemBody>
      </assessmentItem>`),
    );
    expect(read.question).toMatchObject({
      type: 'short',
      acceptedAnswers: ['Delhi'],
      marks: 1,
      negativeMarks: 1,
    });
    expect(read.notes).toEqual([
      expect.objectContaining({
        key: 'server.bank-qti.note.negativeCapped',
        values: { penalty: 2, marks: 1 },
      }),
    ]);
  });
});

// ---- Packages ----------------------------------------------------------------------------------------------

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:imsmd="http://ltsc.ieee.org/xsd/LOM" identifier="M1">
  <organizations/>
  <resources>
    <resource identifier="R-choice" type="imsqti_item_xmlv2p1" href="items/choice.xml">
      <metadata>
        <imsmd:lom>
          <imsmd:general>
            <imsmd:keyword><imsmd:string xml:lang="en">luggage</imsmd:string></imsmd:keyword>
            <imsmd:keyword><imsmd:string xml:lang="en">signs</imsmd:string></imsmd:keyword>
          </imsmd:general>
          <imsmd:classification>
            <imsmd:taxonPath><imsmd:taxon><imsmd:entry><imsmd:string>English</imsmd:string></imsmd:entry></imsmd:taxon></imsmd:taxonPath>
          </imsmd:classification>
        </imsmd:lom>
      </metadata>
      <file href="items/choice.xml"/>
      <file href="items/images/sign.png"/>
    </resource>
    <resource identifier="R-multiple" type="imsqti_item_xmlv2p1" href="items/choice_multiple.xml">
      <file href="items/choice_multiple.xml"/>
    </resource>
    <resource identifier="R-long" type="imsqti_item_xmlv2p1" href="items/extended_text.xml">
      <file href="items/extended_text.xml"/>
    </resource>
    <resource identifier="R-broken" type="imsqti_item_xmlv2p1" href="items/broken.xml">
      <file href="items/broken.xml"/>
    </resource>
    <resource identifier="R-gone" type="imsqti_item_xmlv2p1" href="items/gone.xml">
      <file href="items/gone.xml"/>
    </resource>
    <resource identifier="R-match" type="imsqti_item_xmlv2p1" href="items/match.xml">
      <file href="items/match.xml"/>
    </resource>
    <resource identifier="R-test" type="imsqti_test_xmlv2p1" href="test.xml">
      <file href="test.xml"/>
    </resource>
  </resources>
</manifest>`;

const TEST = `<assessmentTest xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="T" title="Test">
  <testPart identifier="P" navigationMode="linear" submissionMode="individual">
    <assessmentSection identifier="S" title="S" visible="true">
      <assessmentItemRef identifier="choice" href="items/choice.xml"/>
      <assessmentItemRef identifier="text" href="items/text_entry.xml"/>
    </assessmentSection>
  </testPart>
</assessmentTest>`;

const BROKEN =
  '<?xml version="1.0"?>\n<assessmentItem identifier="broken">\n  <itemBody>\n</assessmentItem>\n';

function examplePackage(root = ''): Uint8Array {
  const files: Zippable = {
    [`${root}imsmanifest.xml`]: strToU8(MANIFEST),
    [`${root}test.xml`]: strToU8(TEST),
    [`${root}items/choice.xml`]: fixture('v2p1/choice.xml'),
    [`${root}items/choice_multiple.xml`]: fixture('v2p1/choice_multiple.xml'),
    [`${root}items/text_entry.xml`]: fixture('v2p1/text_entry.xml'),
    [`${root}items/match.xml`]: fixture('v2p1/match.xml'),
    [`${root}items/extended_text.xml`]: fixture('v2p1/extended_text.xml'),
    [`${root}items/broken.xml`]: strToU8(BROKEN),
    [`${root}items/images/sign.png`]: fixture('v2p1/images/sign.png'),
  };
  return zipSync(files);
}

describe('readQtiPackage', () => {
  it('reads every item the manifest lists and the test names, with pictures, tags and what it cannot read', () => {
    const bank = readQtiPackage(examplePackage());
    expect(bank.format).toBe('qti');
    expect(bank.questions.map((question) => question.ref.values?.name)).toEqual([
      'items/choice.xml',
      'items/choice_multiple.xml',
      'items/extended_text.xml',
      'items/text_entry.xml',
    ]);

    const choice = byRef(bank, 'items/choice.xml')!;
    expect(choice.question.type).toBe('single');
    expect(choice.tags).toEqual(['luggage', 'signs', 'English']);
    expect(choice.images).toEqual([{ name: 'items/images/sign.png', alt: 'NEVER LEAVE LUGGAGE UNATTENDED' }]);
    expect(choice.notes).toEqual([]);
    expect(bank.files.get('items/images/sign.png')).toEqual(new Uint8Array(fixture('v2p1/images/sign.png')));
    expect([...bank.files.keys()]).toEqual(['items/images/sign.png']);

    expect(byRef(bank, 'items/text_entry.xml')!.question.acceptedAnswers).toEqual(['York', 'york']);
    expect(byRef(bank, 'items/extended_text.xml')!.notes).toEqual([
      expect.objectContaining({
        key: 'server.bank-import.note.imageMissing',
        values: { name: 'items/images/postcard.png' },
      }),
    ]);

    const broken = skippedByRef(bank, 'items/broken.xml')!;
    expect(broken.reason).toMatchObject({ key: 'server.bank-import.notXml', values: { line: 4 } });
    expect(skippedByRef(bank, 'items/gone.xml')!.reason).toMatchObject({
      key: 'server.bank-qti.skip.fileMissing',
      values: { name: 'items/gone.xml' },
    });
    expect(skippedByRef(bank, 'items/match.xml')!.reason).toMatchObject({
      key: 'server.bank-import.skip.noEquivalent',
    });
    for (const question of bank.questions)
      expect(questionSchema.safeParse(question.question).success).toBe(true);
  });

  it('reads a package whose files are in a folder of the zip', () => {
    const bank = readQtiPackage(examplePackage('export/'));
    expect(bank.questions).toHaveLength(4);
    expect(bank.files.has('items/images/sign.png')).toBe(true);
  });

  it('reads the 1EdTech QTI 3.0 BBQs test package (BBQsTest.zip, as published)', () => {
    const bank = readQtiPackage(fixture('v3p0/BBQsTest.zip'));
    const types = Object.fromEntries(
      bank.questions.map((question) => [question.ref.values?.name, question.question.type]),
    );
    expect(types).toEqual({
      'id-5c1b1e2d56bd/either-or.xml': 'single',
      'id-75bd778a3504/essay-vacation.xml': 'long',
      'id-7e4520cd463f/Likert-choice-questionSet.xml': 'single',
      'id-3cd82285401e/MultipleAnswer-choice-materials.xml': 'multiple',
      'id-371b0f88774a/MultipleChoice-choice-polynomials.xml': 'single',
      'id-90b59b73c8e4/upload-file.xml': 'file',
      'id-1ccd6e04685f/ShortAnswer-extText-postcard.xml': 'long',
      'id-c0bdd9a130c7/text_entry-calculus.xml': 'short',
      'id-83210b60ed8f/TF-choice.xml': 'true_false',
    });
    expect(byRef(bank, 'id-83210b60ed8f/TF-choice.xml')!.question).toMatchObject({
      prompt: 'An octahedron has 12 faces.',
      trueFalseAnswer: false,
      marks: 1,
    });
    expect(byRef(bank, 'id-c0bdd9a130c7/text_entry-calculus.xml')!.question.acceptedAnswers).toEqual([
      'gradient',
      'slope',
    ]);
    expect(byRef(bank, 'id-371b0f88774a/MultipleChoice-choice-polynomials.xml')!.question).toMatchObject({
      marks: 2,
      options: [
        { text: '\\sec^2{\\theta}', correct: true },
        { text: 'x+1001y', correct: false },
        { text: 'x^3-5x+87', correct: false },
        { text: '1-\\zeta^2', correct: false },
      ],
    });
    expect(bank.skipped).toHaveLength(13);
    expect(skippedByRef(bank, 'id-be3cd3bdd3d4/order-mountains.xml')!.reason).toMatchObject({
      key: 'server.bank-import.skip.noEquivalent',
      values: { type: 'qti-order-interaction' },
    });
    expect(keyOf(skippedByRef(bank, 'id-bd44a757f562/SineRule-001.xml')?.reason)).toBe(
      'server.bank-qti.skip.template',
    );
    expect(keyOf(skippedByRef(bank, 'id-f9f3153e2ba4/TheAnswer-001.xml')?.reason)).toBe(
      'server.bank-import.skip.noCorrect',
    );
  });

  it('refuses what is not a QTI package', () => {
    expect(refusal(() => readQtiPackage(strToU8('PK\u0003\u0004 not really a zip'))).key).toBe(
      'server.bank-qti.notZip',
    );
    expect(refusal(() => readQtiPackage(zipSync({ 'item.xml': fixture('v2p1/choice.xml') }))).key).toBe(
      'server.bank-qti.noManifest',
    );
    const empty =
      '<manifest identifier="m"><resources><resource identifier="w" type="webcontent" href="a.html"/></resources></manifest>';
    expect(refusal(() => readQtiPackage(zipSync({ 'imsmanifest.xml': strToU8(empty) }))).key).toBe(
      'server.bank-qti.noItems',
    );
    const old =
      '<manifest><resources><resource identifier="q" type="imsqti_xmlv1p2" href="q.xml"/></resources></manifest>';
    expect(refusal(() => readQtiPackage(zipSync({ 'imsmanifest.xml': strToU8(old) }))).key).toBe(
      'server.bank-qti.version12',
    );
  });

  it('refuses a zip bomb before unpacking it', () => {
    const bomb = zipSync({
      'imsmanifest.xml': strToU8(MANIFEST),
      'filler.bin': new Uint8Array(QTI_ZIP_LIMITS.unpackedBytes + 1),
    });
    expect(bomb.length).toBeLessThan(200_000);
    expect(refusal(() => readQtiPackage(bomb))).toMatchObject({
      key: 'server.bank-qti.tooLarge',
      values: { max: 50 },
    });
  });

  it('refuses entries that hide their size: too small for their data, or growing past it when unpacked', () => {
    /** A zip whose central directory says big.xml (5 MB of zeros) unpacks to `declared(its compressed size)`. */
    const lying = (declared: (compressed: number) => number) => {
      const zip = zipSync({ 'imsmanifest.xml': strToU8(MANIFEST), 'big.xml': new Uint8Array(5_000_000) });
      const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
      for (let at = zip.length - 22; at >= 0; at -= 1) {
        if (view.getUint32(at, true) !== 0x02014b50) continue;
        const nameLength = view.getUint16(at + 28, true);
        const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
        if (name === 'big.xml') view.setUint32(at + 24, declared(view.getUint32(at + 20, true)), true);
      }
      return zip;
    };
    for (const declared of [() => 10, (compressed: number) => compressed + 100]) {
      const started = performance.now();
      expect(refusal(() => readQtiPackage(lying(declared)))).toMatchObject({
        key: 'server.bank-qti.sizeMismatch',
        values: { name: 'big.xml' },
      });
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('refuses too many entries, and names outside the package', () => {
    const many: Zippable = { 'imsmanifest.xml': strToU8(MANIFEST) };
    for (let i = 0; i < QTI_ZIP_LIMITS.entries; i += 1) many[`f${i}.txt`] = new Uint8Array(0);
    expect(refusal(() => readQtiPackage(zipSync(many))).key).toBe('server.bank-qti.tooManyFiles');

    expect(
      refusal(() =>
        readQtiPackage(zipSync({ 'imsmanifest.xml': strToU8(MANIFEST), '../evil.xml': strToU8('<a/>') })),
      ),
    ).toMatchObject({
      key: 'server.bank-qti.unsafePath',
      values: { name: '../evil.xml' },
    });
    expect(refusal(() => readQtiPackage(zipSync({ '/etc/imsmanifest.xml': strToU8(MANIFEST) }))).key).toBe(
      'server.bank-qti.unsafePath',
    );
  });

  it('reads thousands of items within a few seconds', () => {
    const count = 3000;
    const files: Zippable = {};
    const resources: string[] = [];
    const item = fixture('v2p1/choice_multiple.xml');
    for (let i = 0; i < count; i += 1) {
      files[`items/q${i}.xml`] = item;
      resources.push(`<resource identifier="r${i}" type="imsqti_item_xmlv2p1" href="items/q${i}.xml"/>`);
    }
    files['imsmanifest.xml'] = strToU8(
      `<manifest identifier="m"><resources>${resources.join('')}</resources></manifest>`,
    );
    const zip = zipSync(files);
    const started = performance.now();
    const bank = readQtiPackage(zip);
    const took = performance.now() - started;
    expect(bank.questions).toHaveLength(count);
    expect(took).toBeLessThan(5000);
  });
});
