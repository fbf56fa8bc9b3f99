import { Inflate, strFromU8, unzipSync } from 'fflate';
import type { QuestionInput } from '../../../../common/contracts/quizzes';
import { QUIZ_LIMITS } from '../../../../common/quizzes';
import { type Said, said } from '../../../i18n/said';
import { BankUnreadable } from './bank-unreadable';
import { reduceHtml } from './html-text';
import type { BankImage, DraftQuestion, ReadBank, SkippedQuestion } from './types';
import { childElements, descendants, firstChild, parseXml, textOf, type XmlElement } from './xml-tree';

/**
 * IMS QTI 2.1 (and 2.2) and 1EdTech QTI 3.0 items, alone (one assessmentItem file) or in a content package (a zip
 * with imsmanifest.xml). QTI 3.0 spells the same elements kebab-case with a `qti-` prefix
 * (`qti-choice-interaction max-choices="1"`); each file is put in 2.1's spelling once, as it is read, and read by
 * one reader.
 *
 * What Gurukul holds: a choiceInteraction → single (one correct choice, and maxChoices 1 or a single-valued
 * response) or multiple; two choices "True" and "False" with one right → true/false (options then fixed); one textEntryInteraction → short (accepted answers: the correct
 * response and every mapEntry worth marks); extendedTextInteraction → long; uploadInteraction → file. An item with
 * several interactions, or any other interaction (match, order, hotspot…), a template or adaptive item is skipped
 * with the reason.
 *
 * Marks: the MAXSCORE outcome's default, else SCORE's normalMaximum, else the mapping (its upperBound, or what
 * its entries give), else the largest score the response processing sets, else 1. A wrong answer's penalty:
 * SCORE's normalMinimum below 0, else the mapping's lowerBound (or its defaultValue when unbounded), else the
 * lowest score the response processing sets. The general feedback (a modalFeedback or feedbackBlock shown
 * whatever the answer) is the explanation; feedback that depends on the answer is noted as not kept. Tags: the
 * LOM keywords and classification entries of the item's resource in the manifest. Pictures (`<img>`, and QTI
 * 2.0's `<object type="image/…">`) in the prompt: named by their path in the package, resolved from the item's
 * folder; only pictures the package holds are in `images` (and their bytes in `files`), the others are noted
 * missing. writeQtiPackage (qti-export.ts) writes all these in the same places, so Gurukul's own export reads back
 * exactly.
 */

/** A zip's limits: no real package comes near them, and a zip bomb is refused before it is unpacked. */
export const QTI_ZIP_LIMITS = { entries: 5000, unpackedBytes: 50 * 1024 * 1024 } as const;

const MAX_OPTIONS = QUIZ_LIMITS.optionsPerQuestion;
const RESPONSE_TYPES = new Set([
  'choiceInteraction',
  'textEntryInteraction',
  'extendedTextInteraction',
  'uploadInteraction',
]);
/** Interactions that go with another one rather than ask a question of their own. */
const ASIDE_INTERACTIONS = new Set(['endAttemptInteraction', 'mediaInteraction']);
/** Interactions written within a sentence: the prompt shows a blank where they stand. */
const INLINE_INTERACTIONS = new Set(['textEntryInteraction', 'inlineChoiceInteraction']);
/** Item body content that is not the question's text: feedback, scorers' rubrics, template values, buttons. */
const LEFT_OUT = new Set([
  'feedbackInline',
  'feedbackBlock',
  'modalFeedback',
  'rubricBlock',
  'printedVariable',
  'include',
  'endAttemptInteraction',
  'stylesheet',
  'catalogInfo',
]);
/** Sounds, videos and embedded pages or drawings: not kept (noted). */
const MEDIA = new Set(['audio', 'video', 'iframe', 'embed', 'svg', 'mediaInteraction']);
const VOID = new Set(['br', 'hr', 'img', 'col', 'wbr', 'area', 'source', 'track', 'input', 'param']);

// ---- QTI 3.0 spelled as 2.1 ------------------------------------------------------------------------------

/** The element names as the file wrote them (`qti-choice-interaction`), for the preview's "source type". */
const writtenNames = new WeakMap<XmlElement, string>();

const camelCase = (kebab: string) => kebab.replace(/-(.)/gu, (_, letter: string) => letter.toUpperCase());

/** Puts QTI 3.0's `qti-` elements and their kebab-case attributes in 2.1's camelCase, in place. */
function normalise(element: XmlElement): XmlElement {
  if (element.name.startsWith('qti-')) {
    writtenNames.set(element, element.name);
    element.name = camelCase(element.name.slice(4));
    const attrs: Record<string, string> = {};
    for (const [name, value] of Object.entries(element.attrs)) {
      attrs[name.startsWith('data-') || name.startsWith('aria-') ? name : camelCase(name)] = value;
    }
    element.attrs = attrs;
  }
  for (const child of element.children) if (typeof child !== 'string') normalise(child);
  return element;
}

const writtenName = (element: XmlElement) => writtenNames.get(element) ?? element.name;

// ---- Small readers ---------------------------------------------------------------------------------------

const collapse = (text: string) => text.replace(/\s+/gu, ' ').trim();

function numberOf(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : undefined;
}

/** Marks as the quiz keeps them: two decimals at most. */
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

const valuesOf = (element: XmlElement | undefined): string[] =>
  element
    ? childElements(element, 'value')
        .map((value) => textOf(value).trim())
        .filter((value) => value !== '')
    : [];

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The first language's text of a LOM field (`<string>`, IMS MD 1.2's `<langstring>`), or its own text. */
function lomText(element: XmlElement): string {
  const strings = [...childElements(element, 'string'), ...childElements(element, 'langstring')];
  if (strings.length === 0) return collapse(textOf(element));
  return strings.map((string) => collapse(textOf(string))).find((text) => text !== '') ?? '';
}

/** A resource's LOM keywords and classification entries, as tags. */
function tagsOf(resource: XmlElement | undefined): string[] {
  const metadata = resource && firstChild(resource, 'metadata');
  if (!metadata) return [];
  const words = descendants(metadata, 'keyword').map(lomText);
  for (const taxon of descendants(metadata, 'taxon')) {
    const entry = firstChild(taxon, 'entry');
    if (entry) words.push(lomText(entry));
  }
  const tags: string[] = [];
  for (const word of words) {
    const tag = Array.from(word).slice(0, QUIZ_LIMITS.tagLength).join('').trim();
    if (tag !== '' && !tags.includes(tag)) tags.push(tag);
  }
  return tags.slice(0, QUIZ_LIMITS.tagsPerQuestion);
}

/** What a question's notes say, each once. */
class Notes {
  private readonly byText = new Map<string, Said>();
  add(note: Said) {
    const id = `${note.key} ${JSON.stringify(note.values ?? {})}`;
    if (!this.byText.has(id)) this.byText.set(id, note);
  }
  get list(): Said[] {
    return [...this.byText.values()];
  }
}

// ---- Where an item is ------------------------------------------------------------------------------------

/** Where an item's file is: what its relative links point at (nothing, for a lone XML file). */
interface ItemPlace {
  /** The package path of the file `href` points at from this item, when the package has it. */
  find(href: string): string | undefined;
  /** How a missing picture is named in its note. */
  shownName(href: string): string;
}

const LONE_FILE: ItemPlace = {
  find: () => undefined,
  shownName: (href) => shorten(href.trim()),
};

const shorten = (text: string) => (text.length > 120 ? `${text.slice(0, 60)}…` : text);

/**
 * A path within the package from `href` written in the file at `from`: relative to that file's folder, `#` and
 * `?` parts dropped. null for a web address, a data: URI, or a path that climbs out of the package.
 */
function resolvePath(from: string, href: string): string | null {
  let ref = href.trim();
  const cut = ref.search(/[?#]/);
  if (cut >= 0) ref = ref.slice(0, cut);
  if (ref === '' || ref.startsWith('//') || /^\p{L}[\p{L}\p{N}+.-]*:/u.test(ref)) return null;
  ref = ref.replace(/\\/g, '/');
  const parts = ref.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const segment of ref.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join('/');
}

function decodedHref(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}

// ---- An item's HTML, reduced to text ---------------------------------------------------------------------

/** One piece of an item being turned into text: the prompt keeps its pictures, options and feedback do not. */
interface Part {
  place: ItemPlace;
  notes: Notes;
  pictures: BankImage[] | null;
}

type Swap = (element: XmlElement, parent: XmlElement) => string | undefined;

/** The element's content as HTML for reduceHtml: feedback, media and pictures taken out (pictures kept apart). */
function contentHtml(element: XmlElement, part: Part, swap?: Swap): string {
  let html = '';
  for (const child of element.children) {
    if (typeof child === 'string') {
      html += escapeText(child);
      continue;
    }
    const swapped = swap?.(child, element);
    html += swapped ?? elementHtml(child, part, swap);
  }
  return html;
}

function elementHtml(element: XmlElement, part: Part, swap?: Swap): string {
  const { name } = element;
  if (LEFT_OUT.has(name)) return '';
  if (name === 'math') {
    part.notes.add(said('server.bank-qti.note.mathAsText'));
    return `<span>${escapeText(mathText(element))}</span>`;
  }
  if (name === 'img') {
    picture(element.attrs.src, element.attrs.alt ?? '', part);
    return '';
  }
  if (name === 'object') {
    // QTI 2.0's way of showing a picture: <object type="image/png" data="…">fallback text</object>.
    if ((element.attrs.type ?? '').toLowerCase().startsWith('image/') && element.attrs.data) {
      picture(element.attrs.data, collapse(textOf(element)), part);
    } else part.notes.add(said('server.bank-import.note.mediaDropped'));
    return '';
  }
  if (MEDIA.has(name)) {
    part.notes.add(said('server.bank-import.note.mediaDropped'));
    return '';
  }
  if (VOID.has(name)) return `<${name}/>`;
  return `<${name}>${contentHtml(element, part, swap)}</${name}>`;
}

/** A MathML formula as text: its alttext, else its TeX annotation, else the symbols it shows. */
function mathText(math: XmlElement): string {
  if (math.attrs.alttext?.trim()) return collapse(math.attrs.alttext);
  const tex = descendants(math, 'annotation').find((annotation) =>
    (annotation.attrs.encoding ?? '').toLowerCase().includes('tex'),
  );
  if (tex) {
    const text = collapse(textOf(tex));
    for (const [open, close] of [
      ['\\[', '\\]'],
      ['\\(', '\\)'],
      ['$$', '$$'],
      ['$', '$'],
    ]) {
      if (text.length > open.length + close.length && text.startsWith(open) && text.endsWith(close)) {
        return text.slice(open.length, -close.length).trim();
      }
    }
    return text;
  }
  const shown = (element: XmlElement): string =>
    element.children
      .map((child) => {
        if (typeof child === 'string') return child;
        return child.name === 'annotation' || child.name === 'annotation-xml' ? '' : ` ${shown(child)} `;
      })
      .join('');
  return collapse(shown(math));
}

function picture(src: string | undefined, alt: string, part: Part) {
  if (!src?.trim()) return;
  if (part.pictures === null) {
    part.notes.add(said('server.bank-qti.note.imageDropped', { name: shorten(src.trim()) }));
    return;
  }
  const name = part.place.find(src);
  if (name === undefined) {
    part.notes.add(said('server.bank-import.note.imageMissing', { name: part.place.shownName(src) }));
    return;
  }
  if (part.pictures.some((image) => image.name === name)) return;
  const shortAlt = Array.from(alt.trim()).slice(0, QUIZ_LIMITS.imageAltLength).join('');
  part.pictures.push({ name, alt: shortAlt });
}

const hasText = (element: XmlElement) =>
  element.children.some((child) => typeof child === 'string' && child.trim() !== '');

// ---- One item --------------------------------------------------------------------------------------------

interface Mapping {
  lowerBound?: number;
  upperBound?: number;
  defaultValue: number;
  entries: { key: string; value: number }[];
}

function mappingOf(declaration: XmlElement | undefined): Mapping | undefined {
  const mapping = declaration && firstChild(declaration, 'mapping');
  if (!mapping) return undefined;
  return {
    lowerBound: numberOf(mapping.attrs.lowerBound),
    upperBound: numberOf(mapping.attrs.upperBound),
    defaultValue: numberOf(mapping.attrs.defaultValue) ?? 0,
    entries: childElements(mapping, 'mapEntry').map((entry) => ({
      key: (entry.attrs.mapKey ?? '').trim(),
      value: numberOf(entry.attrs.mappedValue) ?? 0,
    })),
  };
}

/** An item's scoring: outcome declarations and the scores its response processing sets. */
class Scoring {
  private readonly outcomes = new Map<string, XmlElement>();
  readonly processing: XmlElement | undefined;
  constructor(item: XmlElement) {
    for (const outcome of childElements(item, 'outcomeDeclaration')) {
      this.outcomes.set(outcome.attrs.identifier ?? '', outcome);
    }
    this.processing = firstChild(item, 'responseProcessing');
  }

  outcome(identifier: string) {
    return this.outcomes.get(identifier);
  }

  defaults(identifier: string): string[] {
    const outcome = this.outcomes.get(identifier);
    return valuesOf(outcome && firstChild(outcome, 'defaultValue'));
  }

  setters(identifier: string): XmlElement[] {
    if (!this.processing) return [];
    return descendants(this.processing, 'setOutcomeValue').filter(
      (setter) => setter.attrs.identifier === identifier,
    );
  }

  /** The constant scores the response processing gives SCORE. */
  scoresSet(): number[] {
    return this.setters('SCORE').flatMap((setter) =>
      childElements(setter, 'baseValue')
        .map((value) => numberOf(textOf(value)))
        .filter((value): value is number => value !== undefined),
    );
  }

  marks(mapping: Mapping | undefined, single: boolean): number {
    const found = (): number | undefined => {
      const maxScore = numberOf(this.defaults('MAXSCORE')[0]);
      if (maxScore !== undefined && maxScore > 0) return maxScore;
      const normalMaximum = numberOf(this.outcome('SCORE')?.attrs.normalMaximum);
      if (normalMaximum !== undefined && normalMaximum > 0) return normalMaximum;
      if (mapping) {
        if (mapping.upperBound !== undefined && mapping.upperBound > 0) return mapping.upperBound;
        const positive = mapping.entries.map((entry) => entry.value).filter((value) => value > 0);
        const total = single ? Math.max(0, ...positive) : positive.reduce((sum, value) => sum + value, 0);
        if (total > 0) return total;
      }
      const set = Math.max(0, ...this.scoresSet());
      return set > 0 ? set : undefined;
    };
    return Math.max(0.01, twoDecimals(found() ?? 1));
  }

  penalty(mapping: Mapping | undefined): number {
    const normalMinimum = numberOf(this.outcome('SCORE')?.attrs.normalMinimum);
    if (normalMinimum !== undefined) return twoDecimals(Math.max(0, -normalMinimum));
    if (mapping) {
      const floor = mapping.lowerBound ?? mapping.defaultValue;
      if (floor < 0) return twoDecimals(-floor);
    }
    return twoDecimals(Math.max(0, -Math.min(0, ...this.scoresSet())));
  }

  /**
   * Whether feedback shown when `outcome` is `identifier` is shown whatever the answer: the response processing
   * sets the outcome to it unconditionally (at its top level) and nowhere else, or leaves its default alone.
   */
  always(outcome: string, identifier: string): boolean {
    const setters = this.setters(outcome);
    if (setters.length === 0) return this.defaults(outcome).includes(identifier);
    const top = this.processing ? childElements(this.processing, 'setOutcomeValue') : [];
    return setters.every(
      (setter) =>
        top.includes(setter) &&
        childElements(setter).length === 1 &&
        childElements(setter, 'baseValue').some((value) => textOf(value).trim() === identifier),
    );
  }
}

type ItemResult = { question: DraftQuestion } | { skipped: SkippedQuestion };

function readItem(item: XmlElement, place: ItemPlace, ref: Said, tags: string[]): ItemResult {
  const title = collapse(item.attrs.title ?? '');
  const skip = (sourceType: string, reason: Said): ItemResult => ({
    skipped: { ref, sourceType, title, reason },
  });
  if (item.name !== 'assessmentItem') {
    return skip(writtenName(item), said('server.bank-qti.notItem', { element: writtenName(item) }));
  }
  const body = firstChild(item, 'itemBody');
  const all = body ? interactionsOf(body) : [];
  // A button that ends the attempt, or a sound to play, beside the question is not a second question.
  const interactions = all.length > 1 ? all.filter((one) => !ASIDE_INTERACTIONS.has(one.name)) : all;
  const sourceType = interactions.length > 0 ? namesOf(interactions) : writtenName(item);
  if (!body || interactions.length === 0)
    return skip(sourceType, said('server.bank-import.skip.description'));
  if (firstChild(item, 'templateProcessing')) return skip(sourceType, said('server.bank-qti.skip.template'));
  if (item.attrs.adaptive === 'true') return skip(sourceType, said('server.bank-qti.skip.adaptive'));
  const [interaction] = interactions;
  if (interactions.length > 1 || !RESPONSE_TYPES.has(interaction.name)) {
    return skip(sourceType, said('server.bank-import.skip.noEquivalent', { type: sourceType }));
  }

  const notes = new Notes();
  const scoring = new Scoring(item);
  const declarations = childElements(item, 'responseDeclaration');
  const declaration =
    declarations.find((one) => one.attrs.identifier === interaction.attrs.responseIdentifier) ??
    declarations[0];
  const mapping = mappingOf(declaration);
  const correctValues = valuesOf(declaration && firstChild(declaration, 'correctResponse'));

  const images: BankImage[] = [];
  const prompt = reduceHtml(
    contentHtml(body, { place, notes, pictures: images }, (element, parent) => {
      if (element !== interaction) return undefined;
      if (INLINE_INTERACTIONS.has(element.name) && hasText(parent)) return '_____';
      const own = firstChild(element, 'prompt');
      return `<div>${own ? contentHtml(own, { place, notes, pictures: images }) : ''}</div>`;
    }),
  ).text;
  const plain = (element: XmlElement) =>
    reduceHtml(contentHtml(element, { place, notes, pictures: null })).text;

  const explanation: string[] = [];
  const feedback = [...descendants(body, 'feedbackBlock'), ...childElements(item, 'modalFeedback')];
  for (const block of feedback) {
    const shown = (block.attrs.showHide ?? 'show') !== 'hide';
    if (shown && scoring.always(block.attrs.outcomeIdentifier ?? '', block.attrs.identifier ?? '')) {
      const text = plain(block);
      if (text !== '') explanation.push(text);
    } else notes.add(said('server.bank-import.note.answerFeedback'));
  }
  if (descendants(body, 'feedbackInline').length > 0)
    notes.add(said('server.bank-import.note.answerFeedback'));

  let question: QuestionInput;
  const base = { prompt, explanation: explanation.join('\n\n') };
  if (interaction.name === 'choiceInteraction') {
    const choices = descendants(interaction, 'simpleChoice');
    if (choices.length > MAX_OPTIONS) {
      return skip(
        sourceType,
        said('server.bank-import.skip.tooManyOptions', { count: choices.length, max: MAX_OPTIONS }),
      );
    }
    const right = new Set(
      correctValues.length > 0
        ? correctValues
        : (mapping?.entries.filter((entry) => entry.value > 0).map((entry) => entry.key) ?? []),
    );
    const options = choices.map((choice) => ({
      text: plain(choice),
      correct: right.has(choice.attrs.identifier ?? ''),
    }));
    const correctCount = options.filter((option) => option.correct).length;
    if (correctCount === 0) return skip(sourceType, said('server.bank-import.skip.noCorrect'));
    // One choice at most: maxChoices="1", or a single-valued response (the 2.1 schema's default maxChoices is
    // 0, "no limit"; 3.0's is 1).
    const maxChoices = numberOf(interaction.attrs.maxChoices);
    const cardinality = declaration?.attrs.cardinality;
    const single =
      correctCount === 1 &&
      (maxChoices === 1 ||
        cardinality === 'single' ||
        (maxChoices === undefined && cardinality !== 'multiple'));
    const marks = scoring.marks(mapping, single);
    const trueFalse =
      single &&
      options.length === 2 &&
      options
        .map((option) => option.text.toLowerCase())
        .sort()
        .join() === 'false,true';
    question = trueFalse
      ? {
          type: 'true_false',
          ...base,
          options: [],
          trueFalseAnswer: options.some((option) => option.correct && option.text.toLowerCase() === 'true'),
          acceptedAnswers: [],
          marks,
          negativeMarks: 0,
        }
      : {
          type: single ? 'single' : 'multiple',
          ...base,
          options,
          acceptedAnswers: [],
          marks,
          negativeMarks: 0,
        };
  } else if (interaction.name === 'textEntryInteraction') {
    const accepted: string[] = [];
    for (const value of [
      ...correctValues,
      ...(mapping?.entries.filter((entry) => entry.value > 0).map((entry) => entry.key) ?? []),
    ]) {
      if (value !== '' && !accepted.includes(value)) accepted.push(value);
    }
    if (accepted.length === 0) return skip(sourceType, said('server.bank-import.skip.noCorrect'));
    const marks = scoring.marks(mapping, true);
    question = { type: 'short', ...base, options: [], acceptedAnswers: accepted, marks, negativeMarks: 0 };
  } else {
    const type = interaction.name === 'uploadInteraction' ? 'file' : 'long';
    question = {
      type,
      ...base,
      options: [],
      acceptedAnswers: [],
      marks: scoring.marks(mapping, true),
      negativeMarks: 0,
    };
  }

  const marks = Number(question.marks);
  if (mapping?.entries.some((entry) => entry.value > 0 && entry.value < marks - 1e-9)) {
    notes.add(said('server.bank-import.note.partialCredit'));
  }
  const penalty = scoring.penalty(mapping);
  if (penalty > marks) notes.add(said('server.bank-qti.note.negativeCapped', { penalty, marks }));
  question.negativeMarks = Math.min(penalty, marks);

  return {
    question: { ref, sourceType, title, question, tags, images, notes: notes.list },
  };
}

/** Interactions' names as the file wrote them, each once with its count: "textEntryInteraction × 2". */
function namesOf(interactions: XmlElement[]): string {
  const counts = new Map<string, number>();
  for (const interaction of interactions) {
    counts.set(writtenName(interaction), (counts.get(writtenName(interaction)) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => (count > 1 ? `${name} × ${count}` : name)).join(', ');
}

/** The interactions in an item body, outermost only. */
function interactionsOf(body: XmlElement): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    for (const child of childElements(element)) {
      if (child.name.endsWith('Interaction')) found.push(child);
      else walk(child);
    }
  };
  walk(body);
  return found;
}

/** Refuses files that are not a QTI item, naming what they are. */
function checkItemRoot(root: XmlElement) {
  const name = writtenName(root);
  if (root.name === 'assessmentItem') return;
  if (root.name === 'questestinterop') throw new BankUnreadable(said('server.bank-qti.version12'));
  if (root.name === 'manifest' || root.name === 'assessmentTest' || root.name === 'assessmentSection') {
    throw new BankUnreadable(said('server.bank-qti.needsPackage', { element: name }));
  }
  throw new BankUnreadable(said('server.bank-qti.notItem', { element: name }));
}

const collect = (results: ItemResult[]): Pick<ReadBank, 'questions' | 'skipped'> => ({
  questions: results.flatMap((result) => ('question' in result ? [result.question] : [])),
  skipped: results.flatMap((result) => ('skipped' in result ? [result.skipped] : [])),
});

// ---- Entry points ----------------------------------------------------------------------------------------

/** One item file (2.1 `<assessmentItem>` or 3.0 `<qti-assessment-item>`); its pictures are not in it. */
export function readQtiXml(text: string): ReadBank {
  const root = normalise(parseXml(text));
  checkItemRoot(root);
  const name = root.attrs.identifier?.trim() || root.attrs.title?.trim() || '1';
  const result = readItem(root, LONE_FILE, said('server.bank-import.ref.item', { name }), []);
  return { format: 'qti', ...collect([result]), files: new Map() };
}

/** A QTI content package: every item its manifest lists (or its tests name), with their pictures. */
export function readQtiPackage(bytes: Uint8Array): ReadBank {
  const zip = new QtiZip(bytes);
  const manifestPath = zip.manifest();
  const xml = zip.extract([...zip.paths()].filter((path) => path.toLowerCase().endsWith('.xml')));
  const manifest = normalise(parseXml(decode(xml.get(manifestPath) ?? new Uint8Array())));

  interface ItemFile {
    path: string;
    type: string;
    tags: string[];
  }
  const items: ItemFile[] = [];
  const listed = new Set<string>();
  const tests: string[] = [];
  let oldQti = false;
  for (const resources of descendants(manifest, 'resources')) {
    const base = resources.attrs.base ?? '';
    for (const resource of childElements(resources, 'resource')) {
      const type = resource.attrs.type ?? '';
      const href = resource.attrs.href ?? firstChild(resource, 'file')?.attrs.href;
      const path = href ? resolvePath(manifestPath, base + (resource.attrs.base ?? '') + href) : null;
      if (/^imsqti_xmlv1/i.test(type)) oldQti = true;
      if (path === null) continue;
      if (/^imsqti_item_xmlv/i.test(type)) {
        if (!listed.has(path)) items.push({ path, type, tags: tagsOf(resource) });
        listed.add(path);
      } else if (/^imsqti_test_xmlv/i.test(type)) tests.push(path);
    }
  }
  for (const testPath of tests) {
    const found = zip.find(testPath);
    const bytesOfTest = found === undefined ? undefined : xml.get(found);
    if (!bytesOfTest) continue;
    let test: XmlElement;
    try {
      test = normalise(parseXml(decode(bytesOfTest)));
    } catch {
      continue; // The items it names are read from the manifest, when it lists them.
    }
    for (const itemRef of descendants(test, 'assessmentItemRef')) {
      const path = itemRef.attrs.href ? resolvePath(testPath, itemRef.attrs.href) : null;
      if (path !== null && !listed.has(path)) items.push({ path, type: writtenName(itemRef), tags: [] });
      if (path !== null) listed.add(path);
    }
  }
  if (items.length === 0) {
    throw new BankUnreadable(said(oldQti ? 'server.bank-qti.version12' : 'server.bank-qti.noItems'));
  }

  const results = items.map(({ path, type, tags }): ItemResult => {
    const ref = said('server.bank-import.ref.item', { name: path });
    const inZip = zip.find(path);
    const file = inZip === undefined ? undefined : (xml.get(inZip) ?? zip.extract([inZip]).get(inZip));
    if (!file) {
      return {
        skipped: {
          ref,
          sourceType: type,
          title: '',
          reason: said('server.bank-qti.skip.fileMissing', { name: path }),
        },
      };
    }
    let root: XmlElement;
    try {
      root = normalise(parseXml(decode(file)));
    } catch (error) {
      if (!(error instanceof BankUnreadable)) throw error;
      return { skipped: { ref, sourceType: type, title: '', reason: error.reason } };
    }
    const place: ItemPlace = {
      find: (href) => {
        for (const candidate of [href, decodedHref(href)]) {
          const resolved = resolvePath(path, candidate);
          const found = resolved === null ? undefined : zip.find(resolved);
          if (found !== undefined) return found;
        }
        return undefined;
      },
      shownName: (href) => shorten(resolvePath(path, decodedHref(href)) ?? href.trim()),
    };
    return readItem(root, place, ref, tags);
  });

  const read = collect(results);
  const wanted = new Set(read.questions.flatMap((question) => question.images.map((image) => image.name)));
  return { format: 'qti', ...read, files: zip.extract([...wanted]) };
}

/** A file's text: UTF-16 when its byte-order mark says so, else UTF-8 (XML's default). */
function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

// ---- The zip ---------------------------------------------------------------------------------------------

/**
 * A zip, looked through before anything is unpacked (fflate's unzipSync, every entry filtered out): more than
 * 5,000 entries, more than 50 MB once unpacked as the zip declares it, an entry whose compressed data is larger
 * than its declared size allows (a size hidden to slip past that count), a name that climbs out of the package,
 * or a compression other than stored or deflate: refused. Entries are then unpacked only when needed, each inflated
 * a few kilobytes at a time and stopped as soon as it outgrows its declared size, so an entry that lies about its
 * size costs no more than an honest one (unzipSync would inflate all of it into a buffer of the declared size).
 * Paths are the package's: relative to the folder of imsmanifest.xml.
 */
class QtiZip {
  /** Package path → the entry's name in the zip. */
  private readonly entries = new Map<string, string>();
  private readonly lowerCase = new Map<string, string>();
  /** Every entry's name, with its declared sizes and compression. */
  private readonly listed = new Map<string, { size: number; originalSize: number; compression: number }>();
  private spans: Map<string, number> | undefined;
  private base = '';

  constructor(private readonly bytes: Uint8Array) {
    let total = 0;
    let count = 0;
    guard(() =>
      unzipSync(bytes, {
        filter: (file) => {
          count += 1;
          if (count > QTI_ZIP_LIMITS.entries) {
            throw new BankUnreadable(said('server.bank-qti.tooManyFiles', { max: QTI_ZIP_LIMITS.entries }));
          }
          const name = file.name.replace(/\\/g, '/');
          if (name.startsWith('/') || /^\p{L}:/u.test(name) || name.split('/').includes('..')) {
            throw new BankUnreadable(said('server.bank-qti.unsafePath', { name: shorten(file.name) }));
          }
          if (file.compression !== 0 && file.compression !== 8) {
            throw new BankUnreadable(
              said('server.bank-qti.zipMethod', { name: shorten(file.name), method: file.compression }),
            );
          }
          // Deflate never makes data more than a little larger; stored data is its own size.
          const honest =
            file.compression === 0
              ? file.size === file.originalSize
              : file.size <= file.originalSize + file.originalSize / 100 + 1024;
          if (!honest) {
            throw new BankUnreadable(said('server.bank-qti.sizeMismatch', { name: shorten(file.name) }));
          }
          total += file.originalSize;
          if (total > QTI_ZIP_LIMITS.unpackedBytes) {
            throw new BankUnreadable(
              said('server.bank-qti.tooLarge', { max: QTI_ZIP_LIMITS.unpackedBytes / (1024 * 1024) }),
            );
          }
          this.listed.set(file.name, file);
          return false;
        },
      }),
    );
  }

  /** The manifest's package path (the shallowest imsmanifest.xml); its folder becomes the package's root. */
  manifest(): string {
    const manifests = [...this.listed.keys()]
      .map((name) => name.replace(/\\/g, '/'))
      .filter((path) => path.slice(path.lastIndexOf('/') + 1).toLowerCase() === 'imsmanifest.xml')
      .sort((a, b) => a.split('/').length - b.split('/').length);
    if (manifests.length === 0) throw new BankUnreadable(said('server.bank-qti.noManifest'));
    const manifest = manifests[0];
    this.base = manifest.slice(0, manifest.lastIndexOf('/') + 1);
    for (const name of this.listed.keys()) {
      const path = name.replace(/\\/g, '/');
      if (path.endsWith('/') || !path.startsWith(this.base)) continue;
      const inPackage = path.slice(this.base.length);
      this.entries.set(inPackage, name);
      if (!this.lowerCase.has(inPackage.toLowerCase()))
        this.lowerCase.set(inPackage.toLowerCase(), inPackage);
    }
    return manifest.slice(this.base.length);
  }

  paths(): Iterable<string> {
    return this.entries.keys();
  }

  /** The package path of `path` as the zip spells it (letter case may differ: packages made on Windows). */
  find(path: string): string | undefined {
    if (this.entries.has(path)) return path;
    return this.lowerCase.get(path.toLowerCase());
  }

  /** Unpacks the files at these package paths. */
  extract(paths: string[]): Map<string, Uint8Array> {
    const files = new Map<string, Uint8Array>();
    for (const path of paths) {
      const name = this.entries.get(path);
      const entry = name === undefined ? undefined : this.listed.get(name);
      if (name === undefined || entry === undefined) continue;
      this.spans ??= guard(() => dataOffsets(this.bytes));
      const start = this.spans.get(name);
      if (start === undefined) throw new BankUnreadable(said('server.bank-qti.notZip'));
      const data = this.bytes.subarray(start, start + entry.size);
      files.set(path, entry.compression === 0 ? data.slice() : inflateAtMost(data, entry.originalSize, name));
    }
    return files;
  }
}

function guard<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof BankUnreadable) throw error;
    throw new BankUnreadable(said('server.bank-qti.notZip'));
  }
}

/** Deflated data, inflated 16 KB of input at a time; refused once it outgrows `size`. */
function inflateAtMost(data: Uint8Array, size: number, name: string): Uint8Array {
  const out = new Uint8Array(size);
  let length = 0;
  const inflater = new Inflate((chunk) => {
    if (length + chunk.length > size) {
      throw new BankUnreadable(said('server.bank-qti.sizeMismatch', { name: shorten(name) }));
    }
    out.set(chunk, length);
    length += chunk.length;
  });
  const step = 16 * 1024;
  guard(() => {
    for (let at = 0; at < data.length; at += step)
      inflater.push(data.subarray(at, at + step), at + step >= data.length);
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  });
  return length === size ? out : out.slice(0, length);
}

const u16 = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8);
const u32 = (bytes: Uint8Array, at: number) =>
  (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
const u64 = (bytes: Uint8Array, at: number) => u32(bytes, at) + u32(bytes, at + 4) * 2 ** 32;

/**
 * Where each entry's data starts, read from the central directory as fflate reads it (ZIP64 included): the entry
 * names decoded the same way, so they match the names unzipSync gave.
 */
function dataOffsets(bytes: Uint8Array): Map<string, number> {
  let end = bytes.length - 22;
  while (u32(bytes, end) !== 0x06054b50) {
    end -= 1;
    if (end < 0 || bytes.length - end > 65558) throw new BankUnreadable(said('server.bank-qti.notZip'));
  }
  let count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  if (end >= 20 && u32(bytes, end - 20) === 0x07064b50) {
    const zip64 = u64(bytes, end - 12);
    if (u32(bytes, zip64) === 0x06064b50) {
      count = u64(bytes, zip64 + 32);
      at = u64(bytes, zip64 + 48);
    }
  }
  const offsets = new Map<string, number>();
  for (let index = 0; index < count; index += 1) {
    if (u32(bytes, at) !== 0x02014b50) throw new BankUnreadable(said('server.bank-qti.notZip'));
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const name = strFromU8(bytes.subarray(at + 46, at + 46 + nameLength), !(u16(bytes, at + 8) & 0x800));
    let local = u32(bytes, at + 42);
    if (local === 0xffffffff) {
      // ZIP64: the sizes that overflowed, then the offset, in the extra field 0x0001.
      const extra = at + 46 + nameLength;
      for (let field = extra; field + 4 <= extra + extraLength; field += 4 + u16(bytes, field + 2)) {
        if (u16(bytes, field) !== 1) continue;
        let value = field + 4;
        if (u32(bytes, at + 24) === 0xffffffff) value += 8;
        if (u32(bytes, at + 20) === 0xffffffff) value += 8;
        local = u64(bytes, value);
      }
    }
    if (u32(bytes, local) !== 0x04034b50) throw new BankUnreadable(said('server.bank-qti.notZip'));
    offsets.set(name, local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28));
    at += 46 + nameLength + extraLength + u16(bytes, at + 32);
  }
  return offsets;
}
