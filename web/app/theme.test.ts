import { DEFAULT_THEME, getContrastColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FONT, fontStack } from '../../common/fonts';
import { contrastRatio, THEME_COLORS } from '../../common/theme-colors';
import { buildTheme } from './theme';

const TEXT = { 'var(--mantine-color-black)': '#000000', 'var(--mantine-color-white)': '#ffffff' } as const;

describe('the theme', () => {
  it('gives filled controls of every colour text of at least 4.5:1 (WCAG AA), in light and dark mode', () => {
    for (const { key, name } of THEME_COLORS) {
      const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(key, fontStack(DEFAULT_FONT)));
      for (const scheme of ['light', 'dark'] as const) {
        const shade =
          typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade[scheme];
        // Every palette colour, not only the chosen one: the shade applies to red and green buttons too.
        for (const palette of [key, 'red', 'green', 'gray', 'yellow'] as const) {
          const background = theme.colors[palette][shade];
          const text =
            TEXT[getContrastColor({ color: palette, theme, autoContrast: true, colorScheme: scheme })];
          expect(contrastRatio(background, text), `${palette} for ${name}, ${scheme}`).toBeGreaterThanOrEqual(
            4.5,
          );
        }
      }
    }
  });
});
