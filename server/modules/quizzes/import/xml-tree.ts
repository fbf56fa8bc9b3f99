import { SaxesParser } from 'saxes';
import { said } from '../../../i18n/said';
import { BankUnreadable } from './bank-unreadable';

/**
 * A small element tree read by saxes, a strict XML parser: a file that is not well-formed XML is refused with the
 * line and column where it stops being so, not half-read. Names are kept without their namespace prefix
 * (`qti:choiceInteraction` and `choiceInteraction` are one element), which is all the bank readers need.
 * No DTD is read and no entity is expanded beyond XML's five, so a file cannot grow itself in memory.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  /** Elements and text, in document order (QTI's itemBody mixes both). */
  children: (XmlElement | string)[];
  /** 1-based line of the start tag, for the preview's "line 12". */
  line: number;
}

/** Elements nested deeper than this are refused: no real bank comes near, and a deep file would exhaust the stack. */
const MAX_DEPTH = 200;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Reads the whole file into a tree. With `eachTopChild`, each child of the root element is handed over as soon
 * as it is complete and not kept: a bank of thousands of questions is then never whole in memory (the root comes
 * back without those children). A failure anywhere still throws at the end, so a caller saves nothing.
 */
export function parseXml(
  text: string,
  eachTopChild?: (element: XmlElement, root: XmlElement) => void,
): XmlElement {
  const parser = new SaxesParser({ position: true });
  const root: XmlElement = { name: '#document', attrs: {}, children: [], line: 1 };
  const open: XmlElement[] = [root];
  let failure: { line: number; column: number } | null = null;
  parser.on('error', () => {
    // The first failure is the one worth telling; saxes's own words are English parser terms, so only the
    // place is given (the teacher opens the file at that line).
    failure ??= { line: parser.line, column: parser.column + 1 };
  });
  parser.on('opentag', (tag) => {
    if (open.length > MAX_DEPTH)
      throw new BankUnreadable(said('server.bank-import.tooDeep', { line: parser.line }));
    const attrs: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) attrs[localName(name)] = String(value);
    const element: XmlElement = { name: localName(tag.name), attrs, children: [], line: parser.line };
    open[open.length - 1].children.push(element);
    open.push(element);
  });
  parser.on('closetag', () => {
    const closed = open.pop();
    // open is [document, root] again: `closed` was one of the root's children.
    if (eachTopChild && closed && open.length === 2 && failure === null) {
      open[1].children.pop();
      eachTopChild(closed, open[1]);
    }
  });
  const addText = (value: string) => {
    const parent = open[open.length - 1];
    const last = parent.children[parent.children.length - 1];
    if (typeof last === 'string') parent.children[parent.children.length - 1] = last + value;
    else parent.children.push(value);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text.replace(/^\uFEFF/, '')).close();
  if (failure) {
    const { line, column } = failure;
    throw new BankUnreadable(said('server.bank-import.notXml', { line, column }));
  }
  const top = root.children.find((child): child is XmlElement => typeof child !== 'string');
  if (!top) throw new BankUnreadable(said('server.bank-import.notXml', { line: 1, column: 1 }));
  return top;
}

/** The element children of `element`, optionally only those named `name`. */
export const childElements = (element: XmlElement, name?: string): XmlElement[] =>
  element.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && (name === undefined || child.name === name),
  );

/** The first element child named `name`. */
export const firstChild = (element: XmlElement, name: string): XmlElement | undefined =>
  childElements(element, name)[0];

/** Every element named `name` under `element`, at any depth, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (node: XmlElement) => {
    for (const child of childElements(node)) {
      if (child.name === name) found.push(child);
      walk(child);
    }
  };
  walk(element);
  return found;
}

/** All the text inside `element`, as written (no trimming). */
export function textOf(element: XmlElement | undefined): string {
  if (!element) return '';
  return element.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');
}

/** The element's markup again (attributes and all), for content that is HTML written as XML (QTI's itemBody). */
export function outerXml(element: XmlElement): string {
  const escapeText = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const attrs = Object.entries(element.attrs)
    .map(([name, value]) => ` ${name}="${escapeText(value).replace(/"/g, '&quot;')}"`)
    .join('');
  const inner = element.children
    .map((child) => (typeof child === 'string' ? escapeText(child) : outerXml(child)))
    .join('');
  return `<${element.name}${attrs}>${inner}</${element.name}>`;
}
