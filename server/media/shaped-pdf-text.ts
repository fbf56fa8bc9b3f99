import { existsSync, readFileSync } from 'node:fs';

// Every PDF we draw lays its text out with HarfBuzz (decision 066). pdfkit's own layout (fontkit) puts
// Devanagari's pre-base vowel sign, reph and conjuncts in the wrong place; here pdfkit keeps embedding,
// subsetting and writing the text, and only where each glyph goes is HarfBuzz's (harfbuzzjs, WASM).
//
// A "shaped font" is a stack: a base font (DejaVu Sans, or what the caller names) and one Noto Sans family per
// Indic script. A string is split into runs by script and each run is drawn in its own font, so a caller draws
// any string with `doc.font(name).text(...)` as before.

type HarfBuzz = typeof import('harfbuzzjs');
let harfBuzz: HarfBuzz | null = null;
let loading: Promise<HarfBuzz> | null = null;

/** Loads HarfBuzz's WASM (shipped in the npm package, nothing is downloaded) once; writePdf awaits it. */
export async function loadHarfBuzz(): Promise<void> {
  loading ??= import('harfbuzzjs');
  harfBuzz = await loading;
}

function hb(): HarfBuzz {
  if (!harfBuzz) throw new Error('HarfBuzz is not loaded: draw PDFs through writePdf, which loads it first');
  return harfBuzz;
}

/** The Indic scripts with a Noto Sans family in Debian's fonts-noto-core. */
export const INDIC_SCRIPTS = [
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
] as const;
export type IndicScript = (typeof INDIC_SCRIPTS)[number];
export type Weight = 'regular' | 'bold';

export const NOTO_DIR = '/usr/share/fonts/truetype/noto';
export const DEJAVU_SANS = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

/** Noto Sans <Script> of fonts-noto-core, e.g. /usr/share/fonts/truetype/noto/NotoSansDevanagari-Bold.ttf. */
export const notoFile = (script: IndicScript, weight: Weight, dir = NOTO_DIR) =>
  `${dir}/NotoSans${script}-${weight === 'bold' ? 'Bold' : 'Regular'}.ttf`;

const SCRIPT_PATTERNS = INDIC_SCRIPTS.map(
  (script) => [script, new RegExp(`^\\p{Script=${script}}$`, 'u')] as const,
);
const EXTENSION_PATTERNS = INDIC_SCRIPTS.map(
  (script) => [script, new RegExp(`^\\p{Script_Extensions=${script}}$`, 'u')] as const,
);
/** The first Indic script that uses a shared character (the danda is Devanagari's, Bengali's, Gurmukhi's…). */
const indicScriptUsing = (char: string): IndicScript | null =>
  EXTENSION_PATTERNS.find(([, pattern]) => pattern.test(char))?.[0] ?? null;

/** Characters of no script of their own (spaces, digits, punctuation, the danda) and combining ones (ZWJ, ZWNJ). */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** The scripts written right to left that a base font may have (DejaVu Sans has Arabic and Hebrew). */
const RIGHT_TO_LEFT =
  /^[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]$/u;

/**
 * The Indic script `char` is written in, 'neutral' for spaces, digits, punctuation and joiners, 'rtl' for a
 * right-to-left script, else 'other'.
 */
export function scriptOf(char: string): IndicScript | 'neutral' | 'rtl' | 'other' {
  if (NEUTRAL.test(char)) return 'neutral';
  if (RIGHT_TO_LEFT.test(char)) return 'rtl';
  for (const [script, pattern] of SCRIPT_PATTERNS) if (pattern.test(char)) return script;
  return 'other';
}

// ---------------------------------------------------------------------------------------------------------
// HarfBuzz faces, one per font file for the life of the process.

interface Shaper {
  font: InstanceType<HarfBuzz['Font']>;
  upem: number;
  covers: Set<number>;
}
const shapers = new Map<string, Shaper>();

function shaperFor(file: string): Shaper {
  let shaper = shapers.get(file);
  if (!shaper) {
    const { Blob, Face, Font } = hb();
    const face = new Face(new Blob(readFileSync(file)));
    shaper = { font: new Font(face), upem: face.upem, covers: new Set(face.collectUnicodes()) };
    shapers.set(file, shaper);
  }
  return shaper;
}

export interface ShapedGlyph {
  glyph: number;
  /**
   * The text this glyph stands for in the PDF's ToUnicode map: its cluster's code points in logical order, one
   * to each of the cluster's glyphs in drawing order and the rest to the last, so that reading the glyphs left to
   * right gives the text in logical order (in "क्षि" the pre-base ि drawn first stands for "क", the conjunct after
   * it for "्षि"). A cluster of more glyphs than code points leaves the extra glyphs standing for nothing.
   */
  text: string;
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** Shapes `text` with the font in `file`, in font units: glyphs in visual order, each with its share of the text. */
export function shape(file: string, text: string): ShapedGlyph[] {
  const { Buffer, shape: hbShape } = hb();
  const { font } = shaperFor(file);
  const buffer = new Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hbShape(font, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  // Clusters are UTF-16 offsets into `text`; a cluster runs to the next larger one. Left-to-right, a cluster's
  // glyphs are next to each other.
  const starts = [...new Set(infos.map((info) => info.cluster))].sort((a, b) => a - b);
  const end = (cluster: number) => starts.find((start) => start > cluster) ?? text.length;
  const glyphs: ShapedGlyph[] = [];
  for (let first = 0; first < infos.length; ) {
    const { cluster } = infos[first];
    let next = first + 1;
    while (next < infos.length && infos[next].cluster === cluster) next++;
    const codePoints = [...text.slice(cluster, end(cluster))];
    const count = next - first;
    for (let index = first; index < next; index++) {
      // Glyph i of the cluster starts at code point i; the last one runs to the cluster's end.
      const share = (i: number) => (i === count ? codePoints.length : Math.min(i, codePoints.length));
      glyphs.push({
        glyph: infos[index].codepoint,
        text: codePoints.slice(share(index - first), share(index - first + 1)).join(''),
        ...positions[index],
      });
    }
    first = next;
  }
  return glyphs;
}

// ---------------------------------------------------------------------------------------------------------
// pdfkit's insides this module relies on (pdfkit 0.20): EmbeddedFont's subset, widths, unicode and encode,
// and the document's _fragment, which writes one line fragment in the current font.

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
interface EmbeddedFont {
  name: string;
  ascender: number;
  descender: number;
  lineGap: number;
  xHeight: number;
  capHeight: number;
  subset: { glyphs: number[] };
  widths: number[];
  unicode: number[][];
  lineHeight(size: number, includeGap?: boolean): number;
  encode(text: string, features?: unknown): [string[], Position[]];
  widthOfString(text: string, size: number, features?: unknown): number;
}
interface FragmentOptions {
  align?: string;
  width?: number;
  lineWidth?: number;
  textWidth?: number;
  wordCount?: number;
  baseline?: number | string;
  [key: string]: unknown;
}
type Fragment = (text: string, x: number, y: number, options: FragmentOptions) => void;
interface DocumentInternals {
  _font: EmbeddedFont | FontStack;
  _fontSize: number;
  _fontFamilies: Record<string, unknown>;
  _fragment: Fragment;
  font(src: string): unknown;
  widthOfString(text: string, options?: object): number;
}

const internals = (doc: PDFKit.PDFDocument) => doc as unknown as DocumentInternals;

/** pdfkit's EmbeddedFont for `file` in `doc`, its layout replaced by HarfBuzz's (once per font object). */
const shapedFonts = new WeakSet<EmbeddedFont>();
function shapedEmbeddedFont(doc: PDFKit.PDFDocument, file: string): EmbeddedFont {
  const inside = internals(doc);
  const current = inside._font;
  inside.font(file);
  const font = inside._font as EmbeddedFont;
  inside._font = current;
  if (shapedFonts.has(font)) return font;
  shapedFonts.add(font);

  const { upem } = shaperFor(file);
  const scale = 1000 / upem;
  // A glyph gets one CID per text it stands for (the subset holds a copy of it for each), so the ToUnicode map
  // can say "क" for the pre-base ि drawn first and "्षि" for the conjunct after it: text comes back in logical
  // order. No glyph stands for nothing where it can be helped (pdftotext reads such a gap as a space), and no
  // glyph but the last ends on a virama (pdfjs then puts a space after it: "क् षितिज").
  const cids = new Map<string, number>();
  const cidFor = (glyph: ShapedGlyph) => {
    const key = `${glyph.glyph}:${glyph.text}`;
    let cid = cids.get(key);
    if (cid === undefined) {
      font.subset.glyphs.push(glyph.glyph);
      cid = font.subset.glyphs.length - 1;
      cids.set(key, cid);
      font.widths[cid] = shaperFor(file).font.glyphHAdvance(glyph.glyph) * scale;
      font.unicode[cid] = [...glyph.text].map((char) => char.codePointAt(0) ?? 0);
    }
    return cid;
  };
  const widths = new Map<string, number>();

  font.encode = (text) => {
    const codes: string[] = [];
    const positions: Position[] = [];
    for (const glyph of shape(file, text)) {
      const cid = cidFor(glyph);
      codes.push(cid.toString(16).padStart(4, '0'));
      positions.push({
        xAdvance: glyph.xAdvance * scale,
        yAdvance: glyph.yAdvance * scale,
        xOffset: glyph.xOffset * scale,
        yOffset: glyph.yOffset * scale,
        advanceWidth: font.widths[cid],
      });
    }
    return [codes, positions];
  };
  font.widthOfString = (text, size) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = shape(file, text).reduce((sum, glyph) => sum + glyph.xAdvance, 0) * scale;
      widths.set(text, width);
    }
    return (width * size) / 1000;
  };
  return font;
}

/**
 * The font a caller selects with doc.font(name): the base font's metrics (line height, baseline), and each
 * run of a string drawn in the font of its script. It is never written to the PDF itself: its members are.
 */
class FontStack {
  readonly id: string;
  readonly ascender: number;
  readonly descender: number;
  readonly lineGap: number;
  readonly xHeight: number;
  readonly capHeight: number;
  private readonly members = new Map<IndicScript, Member | null>();

  constructor(
    readonly name: string,
    private readonly base: Member,
    /** The member for a script, opened the first time a string needs it; null when its file is missing. */
    private readonly open: (script: IndicScript) => Member | null,
  ) {
    this.id = name;
    ({
      ascender: this.ascender,
      descender: this.descender,
      lineGap: this.lineGap,
      xHeight: this.xHeight,
      capHeight: this.capHeight,
    } = base.font);
  }

  lineHeight(size: number, includeGap?: boolean): number {
    return this.base.font.lineHeight(size, includeGap);
  }

  private member(script: IndicScript): Member {
    if (!this.members.has(script)) this.members.set(script, this.open(script));
    return this.members.get(script) ?? this.base;
  }

  /**
   * `text` in runs of one font each: a character of an Indic script in its Noto family (the base font when that
   * family is missing, so it shows as the base font's empty boxes), joiners and combining marks in the run they
   * stand in, spaces, digits and punctuation too when that run's font has them, everything else in the base font.
   */
  runs(text: string): { text: string; font: EmbeddedFont }[] {
    // A right-to-left stretch is a run of its own even in the base font, so HarfBuzz shapes it right to left.
    const runs: { text: string; member: Member; rtl: boolean }[] = [];
    for (const char of text) {
      const script = scriptOf(char);
      const last = runs.at(-1);
      let member = this.base;
      let rtl = script === 'rtl';
      if (script === 'neutral') {
        const code = char.codePointAt(0) ?? 0;
        if (last && (COMBINING.test(char) || last.member.covers.has(code))) {
          member = last.member;
          rtl = last.rtl;
        } else if (!this.base.covers.has(code)) {
          // A danda (।) after English words: the base font has none, the script that uses it has.
          const home = indicScriptUsing(char);
          if (home) member = this.member(home);
        }
      } else if (script !== 'other' && script !== 'rtl') member = this.member(script);
      if (last && last.member === member && last.rtl === rtl) last.text += char;
      else runs.push({ text: char, member, rtl });
    }
    return runs.map((run) => ({ text: run.text, font: run.member.font }));
  }

  widthOfString(text: string, size: number, features?: unknown): number {
    return this.runs(text).reduce((sum, run) => sum + run.font.widthOfString(run.text, size, features), 0);
  }

  encode(): never {
    throw new Error('A font stack is drawn run by run (shaped-pdf-text.ts patches _fragment)');
  }

  ref(): never {
    throw new Error('A font stack is never embedded itself');
  }

  finalize(): void {}
}

interface Member {
  font: EmbeddedFont;
  covers: Set<number>;
}
const COMBINING = /^[\p{M}\p{Cf}]$/u;

/** pdfkit's default baseline ('top' and others): the font's ascender, in points. */
function baselineOf(stack: FontStack, baseline: FragmentOptions['baseline'], size: number): number {
  if (typeof baseline === 'number') return -baseline;
  const { ascender, descender, xHeight } = stack;
  const units: Record<string, number> = {
    'svg-middle': 0.5 * xHeight,
    middle: 0.5 * (descender + ascender),
    'svg-central': 0.5 * (descender + ascender),
    bottom: descender,
    ideographic: descender,
    alphabetic: 0,
    mathematical: 0.5 * ascender,
    hanging: 0.8 * ascender,
  };
  return ((units[baseline ?? 'top'] ?? ascender) / 1000) * size;
}

const patchedDocuments = new WeakSet<object>();

/** Makes `doc` draw a FontStack run by run: each run through pdfkit's own _fragment in its member font. */
function drawStacksRunByRun(doc: PDFKit.PDFDocument): void {
  const inside = internals(doc);
  if (patchedDocuments.has(inside)) return;
  patchedDocuments.add(inside);
  const fragment = inside._fragment;
  inside._fragment = function (this: DocumentInternals, text, x, y, options) {
    const stack = this._font;
    if (!(stack instanceof FontStack)) return fragment.call(this, text, x, y, options);
    const line = `${text}`.replace(/\n/g, '');
    const runs = stack.runs(line);
    // Every run sits on the stack's baseline, whatever its own font's ascender.
    const baseline = -baselineOf(stack, options.baseline, this._fontSize);
    try {
      if (runs.length === 1) {
        this._font = runs[0].font;
        return fragment.call(this, line, x, y, { ...options, baseline });
      }
      // Several fonts: the line is placed as a whole (right, centre), then drawn run by run from the left.
      // Justified lines of several scripts are drawn left-aligned (no PDF of ours justifies text).
      let left = x;
      if (options.width && options.align === 'right')
        left += (options.lineWidth ?? 0) - this.widthOfString(line.replace(/\s+$/u, ''), options);
      if (options.width && options.align === 'center')
        left += (options.lineWidth ?? 0) / 2 - (options.textWidth ?? this.widthOfString(line, options)) / 2;
      for (const run of runs) {
        this._font = run.font;
        const runOptions = {
          ...options,
          align: 'left',
          baseline,
          textWidth: undefined,
          wordCount: undefined,
        };
        fragment.call(this, run.text, left, y, runOptions);
        left += this.widthOfString(run.text, runOptions);
      }
    } finally {
      this._font = stack;
    }
  };
}

export interface ShapedFontOptions {
  /** The font for Latin and every script without its own family: a TrueType file. */
  base: string;
  weight: Weight;
  /** Where the Noto Sans <Script> files are (tests point it at a missing folder). */
  notoDir?: string;
}

/**
 * Registers `name` in `doc` as a shaped font: `doc.font(name)` then draws any string, each script in its Noto
 * family, all of it laid out by HarfBuzz. A missing Noto family leaves its script to the base font, whose
 * missing glyphs show as empty boxes (the text still extracts). False, and nothing registered, when the base
 * font file is missing: the caller falls back to a built-in font, which draws Latin-1 only.
 */
export function registerShapedFont(
  doc: PDFKit.PDFDocument,
  name: string,
  options: ShapedFontOptions,
): boolean {
  if (!existsSync(options.base)) return false;
  const member = (file: string): Member => ({
    font: shapedEmbeddedFont(doc, file),
    covers: shaperFor(file).covers,
  });
  const open = (script: IndicScript) => {
    const file = notoFile(script, options.weight, options.notoDir);
    return existsSync(file) ? member(file) : null;
  };
  internals(doc)._fontFamilies[name] = new FontStack(name, member(options.base), open);
  drawStacksRunByRun(doc);
  return true;
}
