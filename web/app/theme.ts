import {
  type CSSVariablesResolver,
  createTheme,
  localStorageColorSchemeManager,
  type MantineThemeOverride,
} from '@mantine/core';
import { DEFAULT_FONT, fontStack, isFontName } from '../../common/fonts';
import { DEFAULT_THEME_COLOR, isThemeColorKey } from '../../common/theme-colors';
import { LS } from './storage';

/** Light or dark lives under the spec's themeMode key. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: LS.themeMode });

/** Primary colour from the saved theme colour, font from the saved font. */
export function buildTheme(themeColor: string | null, font: string | null): MantineThemeOverride {
  const primaryColor = isThemeColorKey(themeColor) ? themeColor : DEFAULT_THEME_COLOR;
  const family = fontStack(isFontName(font) ? font : DEFAULT_FONT);
  return createTheme({
    primaryColor,
    fontFamily: family,
    headings: { fontFamily: family },
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Contrast (WCAG AA, 4.5:1): white on the default shade 6 of indigo is 4.3:1, so buttons and links use
    // shade 7 in light mode and 8 in dark mode; autoContrast puts dark text on the lightest palettes.
    primaryShade: { light: 7, dark: 8 },
    autoContrast: true,
  });
}

/**
 * Text colours with too little contrast in Mantine's defaults: dimmed text (gray 6 on white 3.3:1, dark 2 on
 * dark 7 4.0:1) and error messages (red 6 on white 3.3:1, red 8 on dark 3.4:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  },
});
