import { existsSync } from 'node:fs';
import { GlobalFonts } from '@napi-rs/canvas';
import { type FontName, fontPackage, INDIC_FONT_FAMILIES, isFontName } from '../../common/fonts';
import { fromProjectRoot } from '../paths';

// The library's rendered title band is drawn in the same font files the browser shows (issue 19 item 1): the
// @fontsource packages' latin woff2 files, which Skia (through @napi-rs/canvas) reads directly. A family is
// registered the first time a render asks for it.

const registered = new Set<FontName>();

/** The regular and bold latin files of one of the 34 fonts, as shipped in its @fontsource package. */
export function fontFilesOf(font: FontName): string[] {
  const slug = fontPackage(font);
  return ['400', '700'].map((weight) =>
    fromProjectRoot('node_modules', '@fontsource', slug, 'files', `${slug}-latin-${weight}-normal.woff2`),
  );
}

/**
 * Registers `font` with the canvas under its own name; false when it is not one of the 34 or its files are
 * missing (the band then falls back to DejaVu Sans, which the system has).
 */
export function ensureFontRegistered(font: string): boolean {
  if (!isFontName(font)) return false;
  if (registered.has(font)) return true;
  const files = fontFilesOf(font).filter((file) => existsSync(file));
  if (files.length === 0) return false;
  for (const file of files) GlobalFonts.registerFromPath(file, font);
  registered.add(font);
  return true;
}

/** "Noto Sans Devanagari", … in the order a title band's font list falls back to them (decision 066). */
export const INDIC_FAMILIES: readonly string[] = INDIC_FONT_FAMILIES;

/** The regular and bold files of each Noto family's own script subset, as its @fontsource package ships them. */
export function indicFontFilesOf(family: string): string[] {
  const slug = family.toLowerCase().replace(/ /g, '-');
  const subset = family.split(' ').at(-1)?.toLowerCase();
  return ['400', '700'].map((weight) =>
    fromProjectRoot('node_modules', '@fontsource', slug, 'files', `${slug}-${subset}-${weight}-normal.woff2`),
  );
}

let indicRegistered: string[] | null = null;

/**
 * Registers the Noto families of the Indic scripts with the canvas (once) and gives the ones that are there:
 * a title band lists them after the library's font, so Skia draws each character the font lacks in the
 * family of its script. A family whose files are missing is left out and its script shows as empty boxes.
 */
export function ensureIndicFontsRegistered(): string[] {
  if (indicRegistered) return indicRegistered;
  indicRegistered = INDIC_FAMILIES.filter((family) => {
    const files = indicFontFilesOf(family).filter((file) => existsSync(file));
    for (const file of files) GlobalFonts.registerFromPath(file, family);
    return files.length > 0;
  });
  return indicRegistered;
}
