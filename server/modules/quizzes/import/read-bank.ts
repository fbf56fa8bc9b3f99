import { SaxesParser } from 'saxes';
import { said } from '../../../i18n/said';
import { looksLikeAiken, readAiken } from './aiken';
import { BankUnreadable } from './bank-unreadable';
import { looksLikeGift, readGift } from './gift';
import { readMoodleXml } from './moodle-xml';
import { readQtiPackage, readQtiXml } from './qti';
import type { ReadBank } from './types';

/**
 * Reads a question bank of any format Gurukul takes, told apart by its bytes, never its name: a zip is a QTI
 * content package; XML by its root element (Moodle's <quiz>, QTI 2.1's <assessmentItem>, QTI 3.0's
 * <qti-assessment-item>); other text is Aiken when its questions end in "ANSWER:" lines, GIFT when it has GIFT's
 * answer blocks, titles or categories, and nothing else is read.
 */
export function readBank(bytes: Uint8Array): ReadBank {
  if (isZip(bytes)) return readQtiPackage(bytes);
  const text = utf8(bytes).replace(/^\uFEFF/, '');
  if (text.trimStart().startsWith('<')) {
    const root = rootElementName(text);
    if (root === 'quiz') return readMoodleXml(text);
    if (root === 'assessmentItem' || root === 'qti-assessment-item') return readQtiXml(text);
    throw new BankUnreadable(said('server.bank-import.unknownFormat'));
  }
  if (looksLikeAiken(text)) return readAiken(text);
  if (looksLikeGift(text)) return readGift(text);
  throw new BankUnreadable(said('server.bank-import.unknownFormat'));
}

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BankUnreadable(said('server.bank-import.notText'));
  }
}

/** The root element's name without its prefix, read by the XML parser up to the first start tag only. */
function rootElementName(text: string): string {
  const parser = new SaxesParser();
  let name: string | null = null;
  const found = new Error('root found');
  parser.on('opentag', (tag) => {
    name = tag.name.slice(tag.name.indexOf(':') + 1);
    throw found;
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error !== found && name === null) {
      // Not well-formed before its first element: the format's reader would say the same, with the line.
      throw new BankUnreadable(
        said('server.bank-import.notXml', { line: parser.line, column: parser.column + 1 }),
      );
    }
  }
  if (name === null) throw new BankUnreadable(said('server.bank-import.unknownFormat'));
  return name;
}
