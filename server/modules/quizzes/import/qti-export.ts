import { type Zippable, zipSync } from 'fflate';
import type { QuestionInput } from '../../../../common/contracts/quizzes';

/**
 * A quiz as an IMS QTI 2.1 content package (imsmanifest.xml, an assessmentTest, one assessmentItem per question,
 * pictures under images/), for other platforms and for Gurukul's own import (qti.ts reads it back to the same
 * questions, tags and pictures).
 *
 * Where each thing is written:
 * - marks: the MAXSCORE outcome's default and SCORE's normalMaximum;
 * - negative marks: SCORE's normalMinimum (below 0), and the responseElse branch of an explicit response
 *   processing, which sets SCORE to minus the penalty for a wrong answer (a blank answer scores 0, a right one
 *   MAXSCORE), so engines score as Gurukul does;
 * - short answers: the first as correctResponse, all of them as case-insensitive mapEntry worth the marks;
 * - the explanation: a modalFeedback showHide="show" on the FEEDBACK outcome, which the response processing sets
 *   to GENERAL unconditionally (shown whatever the answer);
 * - tags: LOM keywords in the item's resource metadata in the manifest;
 * - text: escaped, each line ended by <br/>, runs of spaces kept with no-break spaces, so reading it back as HTML
 *   gives the same text. (What HTML cannot keep is not kept: a tab, spaces at a line's end, more than one empty
 *   line in a row.)
 */

export interface ExportImage {
  name: string;
  alt: string;
  bytes: Uint8Array;
  mime: string;
}

export interface ExportQuestion {
  question: QuestionInput;
  tags: string[];
  images: ExportImage[];
}

const QTI = 'http://www.imsglobal.org/xsd/imsqti_v2p1';
const QTI_XSD = 'http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd';
const CP = 'http://www.imsglobal.org/xsd/imscp_v1p1';
const LOM = 'http://ltsc.ieee.org/xsd/LOM';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/svg+xml': '.svg',
  'image/bmp': '.bmp',
};
/** Already compressed: stored as they are. */
const COMPRESSED = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

// ---- XML text --------------------------------------------------------------------------------------------

/** Text XML 1.0 can hold: line ends made \n; other control characters, lone surrogates and U+FFFE/U+FFFF dropped. */
const xmlSafe = (value: string) =>
  value
    .replace(/\r\n?/g, '\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');

const escapeText = (value: string) =>
  xmlSafe(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const escapeAttr = (value: string) =>
  escapeText(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

/** Plain text as XHTML that reads back as the same text: <br/> between lines, runs of spaces kept. */
const lines = (value: string) =>
  xmlSafe(value)
    .split('\n')
    .map((line) => escapeText(line).replace(/ {2,}/g, (run) => ` ${'&#160;'.repeat(run.length - 1)}`))
    .join('<br/>');

const numeral = (value: unknown) => String(Number(value ?? 0) || 0);

/** An identifier QTI accepts (an XML name): what is not a letter, digit, dot, hyphen or underscore becomes "-". */
const identifier = (value: string, prefix: string) =>
  `${prefix}-${value.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'quiz'}`;

// ---- One item --------------------------------------------------------------------------------------------

interface Choice {
  id: string;
  text: string;
  correct: boolean;
}

function choicesOf(question: QuestionInput): Choice[] {
  if (question.type === 'true_false') {
    return [
      { id: 'true', text: 'True', correct: question.trueFalseAnswer === true },
      { id: 'false', text: 'False', correct: question.trueFalseAnswer === false },
    ];
  }
  return (question.options ?? []).map((option, index) => ({
    id: `choice-${index + 1}`,
    text: option.text,
    correct: option.correct === true,
  }));
}

const setScore = (value: string) => `<setOutcomeValue identifier="SCORE">${value}</setOutcomeValue>`;
const baseFloat = (value: string) => `<baseValue baseType="float">${value}</baseValue>`;

function itemXml(id: string, entry: ExportQuestion, imagePaths: string[]): string {
  const { question } = entry;
  const marks = numeral(question.marks);
  const penalty = Number(question.negativeMarks ?? 0) || 0;
  const explanation = question.explanation ?? '';
  const hasExplanation = explanation.trim() !== '';
  const title = question.prompt.trim().split('\n')[0].replace(/\s+/g, ' ').slice(0, 100);
  const choice = question.type === 'single' || question.type === 'multiple' || question.type === 'true_false';
  const choices = choice ? choicesOf(question) : [];

  const out: string[] = [
    `${DECLARATION}<assessmentItem xmlns="${QTI}" xmlns:xsi="${XSI}" xsi:schemaLocation="${QTI} ${QTI_XSD}"`,
    ` identifier="${escapeAttr(id)}" title="${escapeAttr(title)}" adaptive="false" timeDependent="false">\n`,
  ];

  if (choice) {
    const cardinality = question.type === 'multiple' ? 'multiple' : 'single';
    const values = choices.filter((one) => one.correct).map((one) => `<value>${one.id}</value>`);
    out.push(
      `  <responseDeclaration identifier="RESPONSE" cardinality="${cardinality}" baseType="identifier">`,
      values.length > 0 ? `<correctResponse>${values.join('')}</correctResponse>` : '',
      '</responseDeclaration>\n',
    );
  } else if (question.type === 'short') {
    const accepted = question.acceptedAnswers ?? [];
    const entries = accepted.map(
      (answer) => `<mapEntry mapKey="${escapeAttr(answer)}" mappedValue="${marks}" caseSensitive="false"/>`,
    );
    out.push(
      '  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string">',
      accepted.length > 0
        ? `<correctResponse><value>${escapeText(accepted[0])}</value></correctResponse>`
        : '',
      `<mapping defaultValue="0">${entries.join('')}</mapping></responseDeclaration>\n`,
    );
  } else {
    const baseType = question.type === 'file' ? 'file' : 'string';
    out.push(`  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="${baseType}"/>\n`);
  }

  const minimum = penalty > 0 ? ` normalMinimum="${numeral(-penalty)}"` : '';
  out.push(
    `  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float" normalMaximum="${marks}"${minimum}>`,
    '<defaultValue><value>0</value></defaultValue></outcomeDeclaration>\n',
    '  <outcomeDeclaration identifier="MAXSCORE" cardinality="single" baseType="float">',
    `<defaultValue><value>${marks}</value></defaultValue></outcomeDeclaration>\n`,
  );
  if (hasExplanation) {
    out.push('  <outcomeDeclaration identifier="FEEDBACK" cardinality="single" baseType="identifier"/>\n');
  }

  // No white space between the body's blocks: read back as HTML, it would become empty lines.
  const pictures = entry.images.map(
    (image, index) => `<p><img src="${escapeAttr(imagePaths[index])}" alt="${escapeAttr(image.alt)}"/></p>`,
  );
  let interaction: string;
  if (choice) {
    const maxChoices = question.type === 'multiple' ? 0 : 1;
    const simple = choices.map(
      (one) => `<simpleChoice identifier="${one.id}">${lines(one.text)}</simpleChoice>`,
    );
    interaction = `<choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="${maxChoices}">${simple.join('')}</choiceInteraction>`;
  } else if (question.type === 'short') {
    interaction = '<div><textEntryInteraction responseIdentifier="RESPONSE" expectedLength="40"/></div>';
  } else if (question.type === 'file') {
    interaction = '<uploadInteraction responseIdentifier="RESPONSE"/>';
  } else {
    interaction = '<extendedTextInteraction responseIdentifier="RESPONSE" expectedLines="8"/>';
  }
  out.push(`  <itemBody><p>${lines(question.prompt)}</p>${pictures.join('')}${interaction}</itemBody>\n`);

  const rules: string[] = [];
  if (choice || question.type === 'short') {
    const right =
      question.type === 'short'
        ? `<gt><mapResponse identifier="RESPONSE"/>${baseFloat('0')}</gt>`
        : '<match><variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></match>';
    rules.push(
      '<responseCondition>',
      `<responseIf><isNull><variable identifier="RESPONSE"/></isNull>${setScore(baseFloat('0'))}</responseIf>`,
      `<responseElseIf>${right}${setScore('<variable identifier="MAXSCORE"/>')}</responseElseIf>`,
      `<responseElse>${setScore(baseFloat(numeral(-penalty)))}</responseElse>`,
      '</responseCondition>',
    );
  }
  if (hasExplanation) {
    rules.push(
      '<setOutcomeValue identifier="FEEDBACK"><baseValue baseType="identifier">GENERAL</baseValue></setOutcomeValue>',
    );
  }
  if (rules.length > 0) out.push(`  <responseProcessing>${rules.join('')}</responseProcessing>\n`);
  if (hasExplanation) {
    out.push(
      '  <modalFeedback outcomeIdentifier="FEEDBACK" identifier="GENERAL" showHide="show">',
      `<p>${lines(explanation)}</p></modalFeedback>\n`,
    );
  }
  out.push('</assessmentItem>\n');
  return out.join('');
}

// ---- The package -----------------------------------------------------------------------------------------

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

/** A picture's file name in the package: its own name made safe, numbered by question when two differ. */
function imagePath(image: ExportImage, questionNumber: number, taken: Map<string, Uint8Array>): string {
  let name = (image.name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
    .replace(/^[.-]+/, '');
  if (name === '') name = 'image';
  if (!name.includes('.')) name += EXTENSIONS[image.mime] ?? '';
  for (let attempt = 0; ; attempt += 1) {
    const prefix =
      attempt === 0 ? '' : attempt === 1 ? `${questionNumber}-` : `${questionNumber}-${attempt}-`;
    const path = `images/${prefix}${name}`;
    const bytes = taken.get(path);
    if (bytes === undefined || sameBytes(bytes, image.bytes)) return path;
  }
}

const keywords = (tags: string[]) =>
  tags
    .filter((tag) => tag.trim() !== '')
    .map((tag) => `<imsmd:keyword><imsmd:string>${escapeText(tag.trim())}</imsmd:string></imsmd:keyword>`)
    .join('');

export function writeQtiPackage(
  quiz: { title: string; identifier: string },
  questions: ExportQuestion[],
): Uint8Array {
  const encoder = new TextEncoder();
  const files: Zippable = {};
  const images = new Map<string, Uint8Array>();
  const resources: string[] = [];
  const refs: string[] = [];
  const ids: string[] = [];

  questions.forEach((entry, index) => {
    const position = index + 1;
    const id = `item-${String(position).padStart(3, '0')}`;
    const href = `${id}.xml`;
    const paths = entry.images.map((image) => {
      const path = imagePath(image, position, images);
      if (!images.has(path)) {
        images.set(path, image.bytes);
        files[path] = [image.bytes, { level: COMPRESSED.has(image.mime) ? 0 : 6 }];
      }
      return path;
    });
    files[href] = encoder.encode(itemXml(id, entry, paths));
    ids.push(id);
    refs.push(`      <assessmentItemRef identifier="${id}" href="${href}"/>\n`);
    const tags = keywords(entry.tags);
    resources.push(
      `    <resource identifier="RES-${id}" type="imsqti_item_xmlv2p1" href="${href}">\n`,
      tags
        ? `      <metadata><imsmd:lom><imsmd:general>${tags}</imsmd:general></imsmd:lom></metadata>\n`
        : '',
      `      <file href="${href}"/>\n`,
      ...[...new Set(paths)].map((path) => `      <file href="${escapeAttr(path)}"/>\n`),
      '    </resource>\n',
    );
  });

  const title = escapeAttr(quiz.title);
  files['assessment.xml'] = encoder.encode(
    `${DECLARATION}<assessmentTest xmlns="${QTI}" xmlns:xsi="${XSI}" xsi:schemaLocation="${QTI} ${QTI_XSD}"` +
      ` identifier="${escapeAttr(identifier(quiz.identifier, 'test'))}" title="${title}">\n` +
      '  <testPart identifier="part-1" navigationMode="nonlinear" submissionMode="simultaneous">\n' +
      `    <assessmentSection identifier="section-1" title="${title}" visible="true">\n` +
      `${refs.join('')}    </assessmentSection>\n  </testPart>\n</assessmentTest>\n`,
  );
  files['imsmanifest.xml'] = encoder.encode(
    `${DECLARATION}<manifest xmlns="${CP}" xmlns:imsmd="${LOM}" xmlns:xsi="${XSI}"` +
      ` identifier="${escapeAttr(identifier(quiz.identifier, 'manifest'))}"` +
      ` xsi:schemaLocation="${CP} http://www.imsglobal.org/xsd/imscp_v1p1.xsd ${LOM} http://www.imsglobal.org/xsd/imsmd_loose_v1p3p2.xsd">\n` +
      '  <metadata><schema>QTIv2.1 Package</schema><schemaversion>1.0.0</schemaversion>' +
      `<imsmd:lom><imsmd:general><imsmd:title><imsmd:string>${escapeText(quiz.title)}</imsmd:string></imsmd:title></imsmd:general></imsmd:lom></metadata>\n` +
      '  <organizations/>\n  <resources>\n' +
      '    <resource identifier="RES-test" type="imsqti_test_xmlv2p1" href="assessment.xml">\n' +
      '      <file href="assessment.xml"/>\n' +
      ids.map((id) => `      <dependency identifierref="RES-${id}"/>\n`).join('') +
      '    </resource>\n' +
      `${resources.join('')}  </resources>\n</manifest>\n`,
  );
  return zipSync(files, { level: 6 });
}
