/** Google Fonts families a course creator can pick for their pages (loaded from Google Fonts by name). */
export const FONTS = [
  'Afacad',
  'Barlow',
  'Bitter',
  'Cabin',
  'Crimson Text',
  'DM Sans',
  'Exo 2',
  'Fira Sans',
  'Hind',
  'IBM Plex Sans',
  'Inter',
  'Josefin Sans',
  'Karla',
  'Lato',
  'Libre Baskerville',
  'Lora',
  'Manrope',
  'Merriweather',
  'Montserrat',
  'Mulish',
  'Noto Sans',
  'Nunito',
  'Open Sans',
  'Oswald',
  'PT Sans',
  'Playfair Display',
  'Poppins',
  'Quicksand',
  'Raleway',
  'Roboto',
  'Rubik',
  'Source Sans 3',
  'Ubuntu',
  'Work Sans',
] as const;

export type FontName = (typeof FONTS)[number];

export const DEFAULT_FONT: FontName = 'Lato';

const SERIF_FONTS: ReadonlySet<FontName> = new Set<FontName>([
  'Bitter',
  'Crimson Text',
  'Libre Baskerville',
  'Lora',
  'Merriweather',
  'Playfair Display',
]);

/** The npm package (under @fontsource/) that ships a font's files: "Exo 2" → "exo-2". */
export function fontPackage(font: FontName): string {
  return font.toLowerCase().replace(/ /g, '-');
}

/** Type guard for validating a stored or user-supplied font name before using it. */
export function isFontName(value: unknown): value is FontName {
  return typeof value === 'string' && (FONTS as readonly string[]).includes(value);
}

/**
 * The Noto Sans family of each Indian script (decision 066): the browser (web/app/indic-fonts.css, by
 * unicode-range) and the title bands (server/media/fonts.ts) draw with them what the chosen font has no
 * glyphs for.
 */
export const INDIC_FONT_FAMILIES = [
  'Noto Sans Devanagari',
  'Noto Sans Bengali',
  'Noto Sans Gurmukhi',
  'Noto Sans Gujarati',
  'Noto Sans Tamil',
  'Noto Sans Telugu',
  'Noto Sans Kannada',
  'Noto Sans Malayalam',
] as const;

const INDIC_STACK = INDIC_FONT_FAMILIES.map((family) => `"${family}"`).join(', ');

/**
 * CSS `font-family` value for a font, quoted (names like "Exo 2" are not valid bare identifiers), then the
 * Indic Noto families, ending with a generic fallback: `serif` for serif faces, otherwise `system-ui, sans-serif`.
 *
 * `withIndic: false` leaves the Indic families out. The browser needs that while the chosen font's own
 * stylesheet is still on its way: Chromium takes the first *declared* family of the stack as the primary font
 * and fetches its first face even when none of the page's text is in its range, so a Latin page whose font was
 * not yet declared downloaded Noto Sans Devanagari (50 kB) for nothing.
 */
export function fontStack(font: FontName, { withIndic = true }: { withIndic?: boolean } = {}): string {
  const indic = withIndic ? `${INDIC_STACK}, ` : '';
  const standIns = (METRIC_STAND_INS[font] ?? []).map((family) => `"${family}", `).join('');
  return SERIF_FONTS.has(font)
    ? `"${font}", ${standIns}${indic}serif`
    : `"${font}", ${standIns}${indic}system-ui, sans-serif`;
}

/**
 * Local fonts sized to a web font's metrics (web/app/font-fallbacks.css), tried in order while the web font is on
 * its way, so its arrival moves no text (decision 071). The default font only: it is every public page's, and the
 * pages the server draws paint before any font file arrives.
 */
export const METRIC_STAND_INS: Partial<Record<FontName, readonly string[]>> = {
  Lato: ['Lato fallback Roboto', 'Lato fallback Arial', 'Lato fallback Noto Sans'],
};
