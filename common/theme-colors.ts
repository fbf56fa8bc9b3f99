/**
 * Brand colours a course creator can choose. Keys are Mantine default palette names so they can be passed
 * straight to `primaryColor`; `hex` is Mantine's shade 6, used for swatches and emails. (In the app, filled
 * controls use shade 8 and links the nearest readable shade, for contrast: see web/app/theme.ts.)
 */
export const THEME_COLORS = [
  { key: 'blue', name: 'Ocean Blue', hex: '#228be6' },
  { key: 'cyan', name: 'Sky Cyan', hex: '#15aabf' },
  { key: 'grape', name: 'Grape Purple', hex: '#be4bdb' },
  { key: 'green', name: 'Forest Green', hex: '#40c057' },
  { key: 'indigo', name: 'Royal Indigo', hex: '#4c6ef5' },
  { key: 'lime', name: 'Fresh Lime', hex: '#82c91e' },
  { key: 'orange', name: 'Sunset Orange', hex: '#fd7e14' },
  { key: 'pink', name: 'Blossom Pink', hex: '#e64980' },
  { key: 'red', name: 'Ruby Red', hex: '#fa5252' },
  { key: 'teal', name: 'Lagoon Teal', hex: '#12b886' },
  { key: 'violet', name: 'Lavender Violet', hex: '#7950f2' },
] as const;

export type ThemeColorKey = (typeof THEME_COLORS)[number]['key'];

export const DEFAULT_THEME_COLOR: ThemeColorKey = 'indigo';

/** Type guard for validating a stored or user-supplied colour key before handing it to Mantine. */
export function isThemeColorKey(v: unknown): v is ThemeColorKey {
  return typeof v === 'string' && THEME_COLORS.some((color) => color.key === v);
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channel = (index: number) => {
    const value = Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const darkenHex = (hex: string, amount: number) =>
  `#${[0, 1, 2]
    .map((index) =>
      Math.round(Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `hex` darkened in 5% steps until it reaches 4.5:1 against `background` (a light one). */
function darkenUntilReadable(hex: string, background: string): string {
  let colour = hex;
  for (let amount = 0.05; contrastRatio(colour, background) < 4.5 && amount < 1; amount += 0.05) {
    colour = darkenHex(hex, amount);
  }
  return colour;
}

/**
 * A band of a theme colour with text on it (a course library video's title band and captions, and their
 * preview): black or white text, whichever contrasts more; when neither reaches 4.5:1 (WCAG AA), the band is
 * darkened until white text does. Both the browser preview and the rendered video use this, so they match.
 */
export function readableBand(hex: string): { background: string; text: string } {
  const colour = /^#[0-9a-f]{6}$/i.test(hex) ? hex.toLowerCase() : '#4c6ef5';
  const white = contrastRatio(colour, '#ffffff');
  const black = contrastRatio(colour, '#000000');
  if (Math.max(white, black) >= 4.5)
    return { background: colour, text: black > white ? '#000000' : '#ffffff' };
  return { background: darkenUntilReadable(colour, '#ffffff'), text: '#ffffff' };
}

/**
 * The colour for text of a palette (links) on a background: shade `from` when it reaches 4.5:1 (WCAG AA),
 * otherwise the nearest shade towards more contrast (darker on a light background, lighter on a dark one) that
 * does; when none does (lime, green and orange on white), the darkest darkened until it does (white on dark).
 */
export function readableShade(shades: readonly string[], background: string, from: number): string {
  const onLight = relativeLuminance(background) > 0.179;
  for (let index = from; index >= 0 && index < shades.length; index += onLight ? 1 : -1) {
    if (contrastRatio(shades[index], background) >= 4.5) return shades[index];
  }
  return onLight ? darkenUntilReadable(shades[shades.length - 1], background) : '#ffffff';
}
