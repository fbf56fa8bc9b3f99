import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  localStorageColorSchemeManager,
  type MantineThemeOverride,
} from '@mantine/core';
import { DEFAULT_THEME_COLOR, isThemeColorKey, readableShade } from '../../common/theme-colors';
import { LS } from './storage';

/** Light or dark lives under the spec's themeMode key. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: LS.themeMode });

/** Primary colour from the saved theme colour; the font as a CSS stack (useFontStack). */
export function buildTheme(themeColor: string | null, family: string): MantineThemeOverride {
  const primaryColor = isThemeColorKey(themeColor) ? themeColor : DEFAULT_THEME_COLOR;
  return createTheme({
    primaryColor,
    fontFamily: family,
    headings: { fontFamily: family },
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Contrast (WCAG AA, 4.5:1) on filled buttons, badges and controls of every colour a user can choose:
    // shade 8, and autoContrast with the threshold where black and white text contrast equally (relative
    // luminance 0.179), so the text chosen always reaches at least 4.58:1 (white on cyan 7 was 3.4:1, on blue
    // 7 4.0:1). Red, blue and indigo 8 keep white text.
    primaryShade: { light: 8, dark: 8 },
    autoContrast: true,
    luminanceThreshold: 0.179,
    components: {
      // A badge's label hides its overflow, so a flex row, grid or table may squeeze it to "Trial · 1…"; a badge
      // is short and never wraps, so it keeps the width of its text wherever it sits.
      Badge: { styles: { root: { minWidth: 'max-content' } } },
    },
  });
}

/** The palette colours used for light (tinted) badges, alerts and buttons. */
const PALETTE = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;

/**
 * Text colours with too little contrast in Mantine's defaults: dimmed text (gray 6 on white 3.3:1, dark 2 on
 * dark 7 4.0:1), error messages (red 6 on white 3.3:1, red 8 on dark 3.4:1), and the text of light variants
 * in light mode (a green status badge, green 9 on green 1, is 3.8:1; 35% darker passes for every colour).
 * Links: Mantine's primary shade 7 (light) and 4 (dark) is below 4.5:1 for several primary colours a user can
 * choose (lime 7 on white 2.4:1, violet 4 on a dark card 4.0:1), so each gets the nearest shade that reads on
 * the lightest grey (gray 0) or the dark card (dark 6).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-anchor': readableShade(theme.colors[theme.primaryColor], theme.colors.gray[0], 7),
    ...Object.fromEntries(
      PALETTE.map((color) => [`--mantine-color-${color}-light-color`, darken(theme.colors[color][9], 0.35)]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-anchor': readableShade(theme.colors[theme.primaryColor], theme.colors.dark[6], 4),
  },
});
