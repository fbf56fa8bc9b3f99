import { createTheme, localStorageColorSchemeManager, type MantineThemeOverride } from '@mantine/core';
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
  });
}
