import { inflateSync } from 'node:zlib';

/**
 * The text of a pdfkit PDF, as a reader would see it. pdfkit writes each run as hex strings inside TJ
 * arrays: WinAnsi bytes for the built-in fonts, two-byte glyph ids for embedded TrueType fonts, which the
 * font's ToUnicode CMap maps back to characters. The content stream's `/Fn size Tf` says which font a run
 * is in.
 */
export function pdfText(pdf: Buffer): string {
  const source = contentOf(pdf);
  const cmaps = toUnicodeByFontName(source);
  const runs: string[] = [];
  let font = '';
  for (const match of source.matchAll(
    /\/([\w.+-]+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>\s*(?:-?[\d.]+\s*)?)+)\]\s*TJ/g,
  )) {
    if (match[1] !== undefined) {
      font = match[1];
      continue;
    }
    const hex = [...match[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    const cmap = cmaps.get(font);
    runs.push(cmap ? decodeCids(hex, cmap) : winAnsi(Buffer.from(hex, 'hex')));
  }
  return runs.join('\n');
}

/** The names of the fonts that are embedded (Type0 with a ToUnicode CMap): what a test can assert on. */
export function embeddedFontNames(pdf: Buffer): string[] {
  const source = contentOf(pdf);
  return [...source.matchAll(/\/Subtype \/Type0[\s\S]*?\/BaseFont \/([\w+-]+)/g)].map((m) => m[1]);
}

/** The few WinAnsi bytes outside Latin-1 that invoices use (dashes). */
const WIN_ANSI: Record<number, string> = { 150: '–', 151: '—', 149: '•' };
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

const decodeCids = (hex: string, cmap: Map<number, string>) => {
  let text = '';
  for (let i = 0; i + 4 <= hex.length; i += 4)
    text += cmap.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '?';
  return text;
};

/** Page resource names (/F1 …) → the glyph id → text map of their font's ToUnicode CMap. */
function toUnicodeByFontName(source: string): Map<string, Map<number, string>> {
  const objects = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\b([\s\S]*?)\bendobj/g)) objects.set(match[1], match[2]);
  const result = new Map<string, Map<number, string>>();
  for (const fonts of source.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
    for (const [, name, id] of fonts[1].matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) {
      const cmapId = objects.get(id)?.match(/\/ToUnicode (\d+) 0 R/)?.[1];
      const cmap = cmapId ? objects.get(cmapId) : undefined;
      if (cmap) result.set(name, parseCmap(cmap));
    }
  }
  return result;
}

/** pdfkit's CMaps: `<start> <end> [<utf16> <utf16> …]` ranges (see pdfkit's toUnicodeCmap). */
function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, start, entries] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]+>\s*\[([^\]]*)\]/g)) {
    let cid = Number.parseInt(start, 16);
    for (const [, units] of entries.matchAll(/<([0-9a-fA-F ]+)>/g)) {
      const codes = units
        .trim()
        .split(/\s+/)
        .map((unit) => Number.parseInt(unit, 16));
      map.set(cid, String.fromCharCode(...codes));
      cid += 1;
    }
  }
  return map;
}

/** The whole file as latin1 with every Flate-compressed stream inflated in place. */
function contentOf(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  return source.replace(/stream\r?\n([\s\S]*?)\r?\nendstream/g, (whole, data: string) => {
    try {
      return `stream\n${inflateSync(Buffer.from(data, 'latin1')).toString('latin1')}\nendstream`;
    } catch {
      return whole;
    }
  });
}
