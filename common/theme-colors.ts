/**
 * Brand colours a course creator can choose. Keys are Mantine default palette names so they can be passed
 * straight to `primaryColor`; `hex` is Mantine's shade 6, used for swatches and emails. (In the app, buttons
 * and links use shade 7 in light mode and 8 in dark mode for contrast: see web/app/theme.ts.)
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
