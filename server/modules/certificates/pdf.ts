import { existsSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import type { MessageValues } from '../../../common/i18n/catalog';
import { INTL_LOCALES, type Locale } from '../../../common/i18n/locales';
import { translate } from '../../http/locale';
import type { ServerKey } from '../../i18n/catalog';
import { DEJAVU_SANS, registerShapedFont } from '../../media/shaped-pdf-text';
import { writePdf } from '../../media/write-pdf';
import type { CertificateTemplate, IssuedContent } from './content';
import { type QrPng, qrPng } from './qr-png';

/** The platform's look: landscape, deep indigo borders and title, a saffron-gold rule, the default wording. */
export const DEFAULT_TEMPLATE: CertificateTemplate = {
  orientation: 'landscape',
  primaryColor: '#1f2a6e',
  accentColor: '#d99a1e',
  title: '',
  body: '',
  signatoryName: '',
  signatoryTitle: '',
  logoPath: null,
  signaturePath: null,
};

export interface CertificatePdfOptions {
  /** The template's logo and signature files, PNG or JPEG; one that cannot be drawn is left out. */
  logo?: Buffer | null;
  signature?: Buffer | null;
  /** A revoked certificate is drawn with "Revoked on {date}" across it; the reason is the learner's, never printed. */
  revoked?: { at: Date; reason: string } | null;
  /** Tests turn compression off to read the content back. */
  compress?: boolean;
  /** Told about an image left out (the certificate is drawn without it). */
  onImageError?: (image: 'logo' | 'signature', error: unknown) => void;
}

// ---------------------------------------------------------------------------------------------------------
// Wording

/** A placeholder of the author's wording, replaced as plain text: no ICU, so stray braces or quotes never throw. */
const PLACEHOLDER = /\{(name|course|issuer|teacher|hours|date)\}/g;
type Placeholder = 'name' | 'course' | 'issuer' | 'teacher' | 'hours' | 'date';

/** `text` with each placeholder replaced, in one pass (a value that reads like a placeholder stays as it is). */
export function fillPlaceholders(text: string, values: Record<Placeholder, string>): string {
  return text.replace(PLACEHOLDER, (_, key: Placeholder) => values[key]);
}

/** Where the name goes in the body: the body is drawn in three parts, the name large between them. */
const NAME_MARK = '\uE000';

/** "2.5 hours" from 1 hour up (to the nearest half hour), "45 minutes" below. */
export function contentHours(seconds: number, locale: Locale): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const minutes = Math.round(safe / 60);
  if (minutes < 60) return translate(locale, 'server.certificates.pdf.minutes', { minutes });
  return translate(locale, 'server.certificates.pdf.hours', {
    hours: Math.max(1, Math.round(safe / 1800) / 2),
  });
}

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A day as the language writes it in full ("March 15, 2025", "15 मार्च 2025"), in India's time. */
export function certificateDate(date: Date, locale: Locale): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'long', timeZone: 'Asia/Kolkata' });
    dateFormats.set(locale, format);
  }
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

/** One line of a name, title or reason: runs of white space (a newline too) as one space. */
const oneLine = (text: string) => text.replaceAll(NAME_MARK, '').replace(/\s+/gu, ' ').trim();

interface Wording {
  title: string;
  issuer: string;
  /** The body before the name, the name, the body after it. */
  lead: string;
  name: string;
  rest: string;
  /** The course on a line of its own when the author's body does not name it. */
  course: string | null;
  issuedOn: string;
  certificateId: string;
  verify: string;
  documentTitle: string;
}

function wordingOf(content: IssuedContent): Wording {
  const locale = content.language;
  const say = (key: ServerKey, values?: MessageValues) => translate(locale, key, values);
  const { template } = content;
  const name = oneLine(content.recipientName);
  const course = oneLine(content.courseTitle);
  const date = certificateDate(new Date(content.issuedAt), locale);
  const values = {
    name: NAME_MARK,
    course,
    issuer: oneLine(content.issuerName),
    teacher: oneLine(content.teacherName),
    hours: contentHours(content.contentSeconds, locale),
    date,
  };
  const title = template.title.trim()
    ? oneLine(fillPlaceholders(template.title, { ...values, name }))
    : say('server.certificates.pdf.title');
  const ownBody = template.body.trim() !== '';
  const body = ownBody
    ? fillPlaceholders(template.body.replaceAll(NAME_MARK, '').trim(), values)
    : say('server.certificates.pdf.body', values);
  const at = body.indexOf(NAME_MARK);
  return {
    title,
    issuer: values.issuer,
    lead: at < 0 ? '' : body.slice(0, at).trim(),
    name,
    rest: (at < 0 ? body : body.slice(at + 1)).replaceAll(NAME_MARK, name).trim(),
    course: ownBody && !template.body.includes('{course}') ? course : null,
    issuedOn: say('server.certificates.pdf.issuedOn', { date }),
    certificateId: say('server.certificates.pdf.certificateId', { id: content.certificateId }),
    verify: say('server.certificates.pdf.verifyAt', { url: content.verifyUrl }),
    documentTitle: say('server.certificates.pdf.documentTitle', { course, name }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Images

interface CheckedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Pictures larger than this are left out: pdfkit would decode (and compress again) every pixel of one with alpha. */
const MAX_IMAGE_PIXELS = 25_000_000;

/**
 * The image with its size in pixels when pdfkit can draw it safely, else why not. PNGs are checked through: pdfkit
 * decodes one with transparency or interlacing in a zlib callback, where a damaged file would throw out of every
 * caller's reach, and its chunk reader loops forever on a negative chunk length.
 */
export function checkedImage(bytes: Buffer): CheckedImage | string {
  const size = bytes[0] === 0xff && bytes[1] === 0xd8 ? jpegSize(bytes) : pngSize(bytes);
  if (typeof size === 'string') return size;
  if (size.width * size.height > MAX_IMAGE_PIXELS) return 'The image is too large';
  return { bytes, ...size };
}

type Size = { width: number; height: number };

/** A JPEG's frame size (8-bit, grey, RGB or CMYK: what a PDF's DCTDecode draws). */
function jpegSize(bytes: Buffer): Size | string {
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return 'The JPEG is damaged';
    const marker = bytes[pos + 1];
    if (marker === 0xff) {
      pos += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      pos += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return 'The JPEG has no frame header';
    const length = bytes.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > bytes.length) return 'The JPEG is damaged';
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8) return 'The JPEG is damaged';
      const height = bytes.readUInt16BE(pos + 5);
      const width = bytes.readUInt16BE(pos + 7);
      const components = bytes[pos + 9];
      if (bytes[pos + 4] !== 8 || !width || !height || ![1, 3, 4].includes(components))
        return 'The JPEG is of a kind a PDF does not draw';
      return { width, height };
    }
    pos += 2 + length;
  }
  return 'The JPEG is damaged';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per colour type, and the bit depths each allows (PNG spec, table 11.1). */
const PNG_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** Adam7's passes: first column and row, and the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** A PNG's size when its chunks, header and pixel data are whole and pdfkit (png-js) draws it; else why not. */
function pngSize(bytes: Buffer): Size | string {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'Not a PNG or JPEG image';
  let header: { width: number; height: number; depth: number; type: number; interlaced: boolean } | null =
    null;
  const data: Buffer[] = [];
  let palette = false;
  let indexedAlpha = false;
  let ended = false;
  for (let pos = 8; !ended && pos + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    if (length > 0x7fffffff || pos + 12 + length > bytes.length) return 'The PNG is damaged';
    const chunk = bytes.subarray(pos + 8, pos + 8 + length);
    pos += 12 + length;
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return 'The PNG is damaged';
      const [depth, colourType, compression, filter, interlace] = chunk.subarray(8, 13);
      const kind = PNG_TYPES[colourType];
      if (!kind?.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1)
        return 'The PNG is of a kind a PDF does not draw';
      header = {
        width: chunk.readUInt32BE(0),
        height: chunk.readUInt32BE(4),
        depth,
        type: colourType,
        interlaced: interlace === 1,
      };
      if (!header.width || !header.height || header.width * header.height > MAX_IMAGE_PIXELS)
        return 'The PNG is empty or too large';
    } else if (type === 'IHDR') return 'The PNG is damaged';
    else if (type === 'PLTE') palette = length > 0 && length % 3 === 0 && length <= 768;
    else if (type === 'IDAT') data.push(chunk);
    else if (type === 'tRNS' && header.type === 3) indexedAlpha = true;
    else if (type === 'IEND') ended = true;
  }
  if (!header || !ended || data.length === 0) return 'The PNG is damaged';
  if (header.type === 3 && !palette) return 'The PNG has no palette';
  // pdfkit decodes transparency and interlacing itself, and png-js cannot below 8 bits a pixel.
  const decoded = header.type === 4 || header.type === 6 || indexedAlpha || header.interlaced;
  if (decoded && header.depth < 8) return 'The PNG is of a kind a PDF does not draw';
  const { width, height } = header;
  const bitsPerPixel = header.depth * PNG_TYPES[header.type].channels;
  const passes = header.interlaced
    ? ADAM7.map(([x0, y0, dx, dy]) => [Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)])
    : [[width, height]];
  const rows = passes
    .filter(([w, h]) => w > 0 && h > 0)
    .map(([w, h]) => ({ bytes: 1 + Math.ceil((w * bitsPerPixel) / 8), count: h }));
  const expected = rows.reduce((sum, pass) => sum + pass.bytes * pass.count, 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 65_536 });
  } catch {
    return 'The PNG is damaged';
  }
  if (pixels.length < expected) return 'The PNG is damaged';
  // Every scanline starts with one of the five filters (png-js throws on any other).
  let at = 0;
  for (const pass of rows)
    for (let row = 0; row < pass.count; row++, at += pass.bytes)
      if (pixels[at] > 4) return 'The PNG is damaged';
  return { width, height };
}

// ---------------------------------------------------------------------------------------------------------
// Drawing

const COLOUR = /^#[0-9a-f]{6}$/i;
const colourOr = (colour: string, fallback: string) => (COLOUR.test(colour) ? colour : fallback);

const INK = '#1d1d1f';
const MUTED = '#5b5b60';
const REVOKED_RED = '#c62828';

/** Where the text goes: inside the borders, and the space the footer (QR, date, signature) keeps. */
const PAGE = { side: 62, top: 50, bottom: 46 };
const BORDER = { outer: 18, outerWidth: 4, inner: 27, innerWidth: 1.2 };
const LOGO_BOX = { width: 170, height: 58 };
const SIGNATURE_HEIGHT = 46;
/** The QR code's side: at least 2 points a module (0.7 mm, read by any phone), within these bounds. */
const QR_SIZE = { least: 80, most: 120, perModule: 2 };
/** Images are never drawn larger than this many points a pixel (96 dpi), so a small one stays sharp enough. */
const MAX_POINTS_PER_PIXEL = 0.75;

const SERIF_BOLD = DEJAVU_SANS.bold.replace('DejaVuSans-Bold', 'DejaVuSerif-Bold');

interface Fonts {
  regular: string;
  bold: string;
  /** The title and the name: a serif, as printed certificates have it. */
  display: string;
}

/**
 * fontkit's parsed fonts, by file, for the life of the process. registerShapedFont opens its files by path
 * (`doc.font(file)`), so each document would read and parse every font again; that was over a third of a
 * certificate's time. pdfkit takes a parsed font as a registered font's source, and a name registered in the
 * document comes before a path, so every file parsed once is registered under its own path in each new document.
 * Sharing is safe: a document's subset, widths and ToUnicode map are its own (EmbeddedFont), and fontkit reads
 * a font's tables synchronously.
 */
const parsedFonts = new Map<string, object>();

interface FontInternals {
  _fontFamilies: Record<string, { font?: { layout?: unknown } } | undefined>;
}

function reuseParsedFonts(doc: PDFKit.PDFDocument) {
  // pdfkit 0.20 takes a fontkit font as a source (PDFFontFactory.open); its types do not say so.
  for (const [file, parsed] of parsedFonts)
    doc.registerFont(file, parsed as unknown as PDFKit.Mixins.PDFFontSource);
}

/** Keeps the fonts `doc` parsed from files (the base fonts and the Noto families its text needed). */
function keepParsedFonts(doc: PDFKit.PDFDocument) {
  const families = (doc as unknown as FontInternals)._fontFamilies;
  for (const [key, embedded] of Object.entries(families)) {
    const parsed = embedded?.font;
    if (key.startsWith('/') && !parsedFonts.has(key) && typeof parsed?.layout === 'function')
      parsedFonts.set(key, parsed);
  }
}

/** DejaVu Sans and Serif with the Noto families (shaped-pdf-text.ts), or pdfkit's built-in fonts without them. */
function certificateFonts(doc: PDFKit.PDFDocument): Fonts {
  reuseParsedFonts(doc);
  if (!registerShapedFont(doc, 'CertificateRegular', { base: DEJAVU_SANS.regular, weight: 'regular' }))
    return { regular: 'Helvetica', bold: 'Helvetica-Bold', display: 'Times-Bold' };
  const bold = registerShapedFont(doc, 'CertificateBold', { base: DEJAVU_SANS.bold, weight: 'bold' })
    ? 'CertificateBold'
    : 'CertificateRegular';
  const display =
    existsSync(SERIF_BOLD) &&
    registerShapedFont(doc, 'CertificateDisplay', { base: SERIF_BOLD, weight: 'bold' })
      ? 'CertificateDisplay'
      : bold;
  return { regular: 'CertificateRegular', bold, display };
}

/**
 * Renders one certificate as a one-page A4 PDF in the template's orientation: a double border, the logo, the
 * issuer and the title, the wording with the learner's name large, the issue date and certificate ID, the
 * signature over the signatory's name, and a QR code of the verification page. Long names and titles are drawn
 * smaller until they fit the page. A logo or signature that cannot be drawn is left out, never failing it.
 */
export async function renderCertificatePdf(
  content: IssuedContent,
  options: CertificatePdfOptions = {},
): Promise<Buffer> {
  const template = content.template;
  const look = {
    primary: colourOr(template.primaryColor, DEFAULT_TEMPLATE.primaryColor),
    accent: colourOr(template.accentColor, DEFAULT_TEMPLATE.accentColor),
  };
  const wording = wordingOf(content);
  const image = (which: 'logo' | 'signature', bytes: Buffer | null | undefined) => {
    if (!bytes) return null;
    const checked = checkedImage(bytes);
    if (typeof checked !== 'string') return checked;
    options.onImageError?.(which, new Error(checked));
    return null;
  };
  const images = { logo: image('logo', options.logo), signature: image('signature', options.signature) };
  const qr = qrPng(content.verifyUrl);
  const revoked = options.revoked
    ? translate(content.language, 'server.certificates.pdf.revoked', {
        date: certificateDate(options.revoked.at, content.language),
      })
    : null;
  return writePdf(
    {
      size: 'A4',
      layout: template.orientation === 'portrait' ? 'portrait' : 'landscape',
      margin: 0,
      compress: options.compress ?? true,
      displayTitle: true,
      lang: content.language,
      info: { Title: wording.documentTitle, Author: wording.issuer, Subject: wording.name },
    },
    (doc) => {
      const fonts = certificateFonts(doc);
      const drawImage = (which: 'logo' | 'signature', box: Box, valign: 'center' | 'bottom') => {
        const picture = images[which];
        if (!picture) return false;
        try {
          drawFitted(doc, picture, box, valign);
          return true;
        } catch (error) {
          // pdfkit refused it while reading it, before anything of it was written.
          options.onImageError?.(which, error);
          return false;
        }
      };
      draw(doc, { fonts, look, wording, content, qr, drawImage });
      if (revoked) drawRevoked(doc, fonts, revoked);
      keepParsedFonts(doc);
    },
  );
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function drawFitted(doc: PDFKit.PDFDocument, image: CheckedImage, box: Box, valign: 'center' | 'bottom') {
  const width = Math.min(box.width, image.width * MAX_POINTS_PER_PIXEL);
  const height = Math.min(box.height, image.height * MAX_POINTS_PER_PIXEL);
  const x = box.x + (box.width - width) / 2;
  const y = valign === 'bottom' ? box.y + box.height - height : box.y + (box.height - height) / 2;
  doc.image(image.bytes, x, y, { fit: [width, height], align: 'center', valign });
}

interface Drawing {
  fonts: Fonts;
  look: { primary: string; accent: string };
  wording: Wording;
  content: IssuedContent;
  qr: QrPng;
  drawImage: (which: 'logo' | 'signature', box: Box, valign: 'center' | 'bottom') => boolean;
}

function draw(doc: PDFKit.PDFDocument, drawing: Drawing): void {
  const { fonts, look, wording } = drawing;
  const { width: pageWidth, height: pageHeight } = doc.page;
  const left = PAGE.side;
  const width = pageWidth - PAGE.side * 2;

  drawFrame(doc, look, pageWidth, pageHeight);

  // The logo, top centre.
  let top = PAGE.top;
  if (
    drawing.drawImage(
      'logo',
      { x: (pageWidth - LOGO_BOX.width) / 2, y: top, width: LOGO_BOX.width, height: LOGO_BOX.height },
      'center',
    )
  )
    top += LOGO_BOX.height + 6;
  else top += 8;

  const footerTop = drawFooter(doc, drawing, pageWidth, pageHeight);

  // The middle: as large as it fits between the logo and the footer.
  const available = footerTop - 12 - top;
  let scale = 1;
  let items = middleItems(doc, fonts, look, wording, width - 40, scale);
  while (stackHeight(items) > available && scale > 0.5) {
    scale *= 0.92;
    items = middleItems(doc, fonts, look, wording, width - 40, scale);
  }
  // Still too tall at the smallest sizes (an author's very long wording): the tallest text is cut short, with an
  // ellipsis, so nothing runs into the footer.
  const overflow = stackHeight(items) - available;
  if (overflow > 0) {
    const tallest = items.reduce((most, item) => (item.height > most.height ? item : most));
    tallest.height = Math.max(tallest.lineHeight, tallest.height - overflow);
  }
  // Room to spare opens the gaps up (to two and a half times), and the rest is shared above and below.
  const spare = available - stackHeight(items);
  const gaps = items.reduce((sum, item) => sum + item.gap, 0);
  if (spare > 0 && gaps > 0) {
    const grow = 1 + Math.min(spare * 0.5, gaps * 1.5) / gaps;
    for (const item of items) item.gap *= grow;
  }
  let y = top + Math.max(0, (available - stackHeight(items)) / 2);
  for (const item of items) {
    y += item.gap;
    if (item.kind === 'rule') drawRule(doc, look, pageWidth / 2, y + item.height / 2, item.ruleWidth);
    else
      doc
        .font(item.font)
        .fontSize(item.size)
        .fillColor(item.color)
        .text(item.text, left + 20, y, {
          width: width - 40,
          align: 'center',
          height: item.height + 1,
          ellipsis: true,
        });
    y += item.height;
  }
}

interface Item {
  kind: 'text' | 'rule';
  text: string;
  font: string;
  size: number;
  color: string;
  /** Space above it, and its own height. */
  gap: number;
  height: number;
  lineHeight: number;
  ruleWidth: number;
}

const stackHeight = (items: Item[]) => items.reduce((sum, item) => sum + item.gap + item.height, 0);

/**
 * The middle of the certificate at `scale` (1: its full sizes): the issuer, the title, a rule, the body with the
 * name large in it. A title or name wider than the page is made smaller to stay on one line, down to a floor,
 * below which it wraps.
 */
function middleItems(
  doc: PDFKit.PDFDocument,
  fonts: Fonts,
  look: { primary: string; accent: string },
  wording: Wording,
  width: number,
  scale: number,
): Item[] {
  const items: Item[] = [];
  // A title or name too wide for one line is made smaller, down to `oneLine`; below that it is drawn on about two
  // lines instead, never smaller than `floor`.
  const text = (
    value: string,
    font: string,
    size: number,
    color: string,
    gap: number,
    fit?: { oneLine: number; floor: number },
  ) => {
    if (!value) return false;
    const full = size * scale;
    doc.font(font).fontSize(full);
    const natural = lineWidth(doc, value);
    let fitted = full;
    if (fit && natural > width) {
      fitted = (full * width * 0.98) / natural;
      if (fitted < fit.oneLine * scale)
        fitted = Math.max(fit.floor * scale, Math.min(full, (full * width * 1.7) / natural));
    }
    doc.fontSize(fitted);
    const height = doc.heightOfString(value, { width, align: 'center' });
    items.push({
      kind: 'text',
      text: value,
      font,
      size: fitted,
      color,
      gap: gap * scale,
      height,
      lineHeight: doc.currentLineHeight(true),
      ruleWidth: 0,
    });
    return true;
  };
  const rule = (ruleWidth: number, gap: number, height: number) =>
    items.push({
      kind: 'rule',
      text: '',
      font: fonts.regular,
      size: 0,
      color: look.accent,
      gap: gap * scale,
      height: height * scale,
      lineHeight: height * scale,
      ruleWidth,
    });
  text(wording.issuer, fonts.bold, 15, look.primary, 0, { oneLine: 10, floor: 9 });
  text(wording.title, fonts.display, 36, look.primary, 8, { oneLine: 22, floor: 14 });
  rule(150, 4, 16);
  text(wording.lead, fonts.regular, 14, MUTED, 10);
  // A thin line under the name, as wide as the name (within the page).
  if (text(wording.name, fonts.display, 34, INK, 8, { oneLine: 22, floor: 14 })) {
    rule(Math.min(width, doc.widthOfString(wording.name) + 60), 0, 8);
  }
  text(wording.rest, fonts.regular, 14, INK, 8);
  if (wording.course) text(wording.course, fonts.bold, 17, look.primary, 8, { oneLine: 12, floor: 11 });
  return items;
}

/** The accent rule: a line with a small diamond at its middle. */
function drawRule(
  doc: PDFKit.PDFDocument,
  look: { accent: string },
  centre: number,
  y: number,
  width: number,
) {
  doc
    .moveTo(centre - width / 2, y)
    .lineTo(centre + width / 2, y)
    .lineWidth(1.6)
    .strokeColor(look.accent)
    .stroke();
  doc
    .polygon([centre - 6, y], [centre, y - 4], [centre + 6, y], [centre, y + 4])
    .fillColor(look.accent)
    .fill();
}

/** The double border in the primary colour, with accent diamonds at the inner corners. */
function drawFrame(
  doc: PDFKit.PDFDocument,
  look: { primary: string; accent: string },
  width: number,
  height: number,
) {
  doc.rect(0, 0, width, height).fillColor('#fffdf7').fill();
  const { outer, outerWidth, inner, innerWidth } = BORDER;
  doc
    .rect(outer, outer, width - outer * 2, height - outer * 2)
    .lineWidth(outerWidth)
    .strokeColor(look.primary)
    .stroke();
  doc
    .rect(inner, inner, width - inner * 2, height - inner * 2)
    .lineWidth(innerWidth)
    .strokeColor(look.primary)
    .stroke();
  for (const [x, y] of [
    [inner, inner],
    [width - inner, inner],
    [inner, height - inner],
    [width - inner, height - inner],
  ])
    doc
      .polygon([x - 6, y], [x, y - 6], [x + 6, y], [x, y + 6])
      .fillColor(look.accent)
      .fill();
}

/**
 * The footer, from the bottom up, in three columns: the QR code and where to verify (left), a seal with the
 * issue date and certificate ID (middle), the signature over the signatory's name and title (right). Answers
 * the footer's top.
 */
function drawFooter(
  doc: PDFKit.PDFDocument,
  drawing: Drawing,
  pageWidth: number,
  pageHeight: number,
): number {
  const { fonts, look, wording } = drawing;
  const { signatoryName, signatoryTitle } = drawing.content.template;
  const bottom = pageHeight - PAGE.bottom;
  const gutter = 18;
  const column = (pageWidth - PAGE.side * 2 - gutter * 2) / 3;
  const columnX = (index: number) => PAGE.side + index * (column + gutter);
  let footerTop = bottom;

  // Left: the QR code over "Verify this certificate at …".
  doc.font(fonts.regular).fontSize(7);
  if (doc.heightOfString(wording.verify, { width: column }) > 4 * doc.currentLineHeight(true))
    doc.fontSize(6);
  const verifyHeight = doc.heightOfString(wording.verify, { width: column });
  doc
    .fillColor(MUTED)
    .text(wording.verify, columnX(0), bottom - verifyHeight, { width: column, height: verifyHeight + 1 });
  const qrSize = Math.min(QR_SIZE.most, Math.max(QR_SIZE.least, drawing.qr.modules * QR_SIZE.perModule));
  const qrY = bottom - verifyHeight - 6 - qrSize;
  doc
    .rect(columnX(0), qrY - 4, qrSize + 8, qrSize + 8)
    .lineWidth(1.2)
    .strokeColor(look.accent)
    .stroke();
  doc.image(drawing.qr.png, columnX(0) + 4, qrY, { width: qrSize, height: qrSize });
  footerTop = Math.min(footerTop, qrY - 4);

  // Middle: the seal, the date, the certificate ID.
  const middle = columnX(1);
  doc.font(fonts.regular).fontSize(8);
  const idHeight = doc.heightOfString(wording.certificateId, { width: column, align: 'center' });
  const idY = bottom - idHeight;
  doc
    .fillColor(MUTED)
    .text(wording.certificateId, middle, idY, { width: column, align: 'center', height: idHeight + 1 });
  fitOneLine(doc, fonts.bold, wording.issuedOn, column, 11, 8);
  const dateHeight = doc.heightOfString(wording.issuedOn, { width: column, align: 'center' });
  const dateY = idY - 4 - dateHeight;
  doc
    .fillColor(INK)
    .text(wording.issuedOn, middle, dateY, { width: column, align: 'center', height: dateHeight + 1 });
  const sealRadius = 24;
  const sealY = dateY - 8 - SEAL_TAIL - sealRadius;
  drawSeal(doc, look, middle + column / 2, sealY, sealRadius);
  footerTop = Math.min(footerTop, sealY - sealRadius);

  // Right: the signature over a line, the signatory's name and title under it.
  const right = columnX(2);
  doc.font(fonts.regular).fontSize(9);
  const titleHeight = signatoryTitle.trim()
    ? doc.heightOfString(oneLine(signatoryTitle), { width: column, align: 'center' })
    : 0;
  fitOneLine(doc, fonts.bold, oneLine(signatoryName), column, 11, 8);
  const nameHeight = signatoryName.trim()
    ? doc.heightOfString(oneLine(signatoryName), { width: column, align: 'center' })
    : 0;
  const lineY = bottom - titleHeight - nameHeight - 6;
  const signed = drawing.drawImage(
    'signature',
    { x: right + 10, y: lineY - 4 - SIGNATURE_HEIGHT, width: column - 20, height: SIGNATURE_HEIGHT },
    'bottom',
  );
  if (signed || nameHeight || titleHeight) {
    doc
      .moveTo(right + 12, lineY)
      .lineTo(right + column - 12, lineY)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke();
    if (nameHeight)
      doc.fillColor(INK).text(oneLine(signatoryName), right, lineY + 4, {
        width: column,
        align: 'center',
        height: nameHeight + 1,
      });
    if (titleHeight)
      doc
        .font(fonts.regular)
        .fontSize(9)
        .fillColor(MUTED)
        .text(oneLine(signatoryTitle), right, lineY + 4 + nameHeight, {
          width: column,
          align: 'center',
          height: titleHeight + 1,
        });
    footerTop = Math.min(footerTop, lineY - 4 - SIGNATURE_HEIGHT);
  }
  return footerTop;
}

/**
 * The width `text` takes on one line as pdfkit wraps it: word by word, each word with the spaces after it. That
 * can be wider than the whole string measured at once, where a space or digit after an Indic word is drawn in
 * that word's Noto font (shaped-pdf-text.ts) and not in the base font.
 */
function lineWidth(doc: PDFKit.PDFDocument, text: string): number {
  const words = text.split(/(?<=\s)/u).reduce((sum, word) => sum + doc.widthOfString(word), 0);
  return Math.max(words, doc.widthOfString(text));
}

/** Selects `font` at `size`, or smaller (down to `minimum`) when `text` would not fit on one line of `width`. */
function fitOneLine(
  doc: PDFKit.PDFDocument,
  font: string,
  text: string,
  width: number,
  size: number,
  minimum: number,
) {
  doc.font(font).fontSize(size);
  const natural = lineWidth(doc, text);
  if (natural > width) doc.fontSize(Math.max(minimum, (size * width * 0.98) / natural));
}

/** How far the seal's ribbons reach below its disc. */
const SEAL_TAIL = 16;

/** A seal: an accent disc with a ring and a star, on two primary ribbons. */
function drawSeal(
  doc: PDFKit.PDFDocument,
  look: { primary: string; accent: string },
  x: number,
  y: number,
  radius: number,
) {
  doc
    .polygon(
      [x - 14, y + 6],
      [x - 22, y + radius + SEAL_TAIL - 2],
      [x - 12, y + radius + 8],
      [x - 4, y + radius + SEAL_TAIL],
    )
    .fillColor(look.primary)
    .fill();
  doc
    .polygon(
      [x + 14, y + 6],
      [x + 22, y + radius + SEAL_TAIL - 2],
      [x + 12, y + radius + 8],
      [x + 4, y + radius + SEAL_TAIL],
    )
    .fillColor(look.primary)
    .fill();
  doc.circle(x, y, radius).fillColor(look.accent).fill();
  doc
    .circle(x, y, radius - 4)
    .lineWidth(1)
    .strokeColor('#ffffff')
    .stroke();
  const star: [number, number][] = [];
  for (let point = 0; point < 10; point++) {
    const angle = -Math.PI / 2 + (point * Math.PI) / 5;
    const reach = point % 2 === 0 ? radius * 0.55 : radius * 0.22;
    star.push([x + reach * Math.cos(angle), y + reach * Math.sin(angle)]);
  }
  doc
    .polygon(...star)
    .fillColor('#ffffff')
    .fill();
}

/** "Revoked on {date}: {reason}" large, red and diagonal across the page, over everything. */
function drawRevoked(doc: PDFKit.PDFDocument, fonts: Fonts, text: string) {
  const { width, height } = doc.page;
  const angle = (-Math.atan2(height, width) * 180) / Math.PI;
  const span = Math.hypot(width, height) * 0.6;
  doc.font(fonts.bold).fontSize(44);
  // One line when it fits at the full size, else about two lines, never smaller than 20 points.
  const natural = doc.widthOfString(text);
  if (natural > span) doc.fontSize(Math.max(20, Math.min(44, (44 * span * 1.8) / natural)));
  // At most three lines: a longer reason is cut short (it is on the verification page in full).
  const textHeight = Math.min(
    doc.heightOfString(text, { width: span, align: 'center' }),
    doc.currentLineHeight(true) * 3,
  );
  const x = width / 2 - span / 2;
  const y = height / 2 - textHeight / 2;
  doc.save();
  doc.rotate(angle, { origin: [width / 2, height / 2] });
  doc.fillOpacity(0.85).strokeOpacity(0.85);
  doc
    .rect(x - 14, y - 12, span + 28, textHeight + 24)
    .lineWidth(3)
    .strokeColor(REVOKED_RED)
    .stroke();
  doc
    .fillColor(REVOKED_RED)
    .text(text, x, y, { width: span, align: 'center', height: textHeight + 1, ellipsis: true });
  doc.restore();
}
