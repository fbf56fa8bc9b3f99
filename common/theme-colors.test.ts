import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DEFAULT_THEME_COLOR,
  isThemeColorKey,
  readableBand,
  readableShade,
  THEME_COLORS,
} from './theme-colors';

describe('THEME_COLORS', () => {
  it('has the 11 Mantine palette keys, each once', () => {
    const keys = THEME_COLORS.map((c) => c.key);
    expect(keys).toEqual([
      'blue',
      'cyan',
      'grape',
      'green',
      'indigo',
      'lime',
      'orange',
      'pink',
      'red',
      'teal',
      'violet',
    ]);
    expect(new Set(keys).size).toBe(11);
  });

  it("uses Mantine's own shade-6 hex for each key", () => {
    for (const { key, hex } of THEME_COLORS) {
      expect(DEFAULT_THEME.colors[key]?.[6]).toBe(hex);
    }
  });

  it('has distinct, non-empty display names and lower-case #rrggbb hex', () => {
    const names = THEME_COLORS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(THEME_COLORS.find((c) => c.key === 'blue')?.name).toBe('Ocean Blue');
    for (const { name, hex } of THEME_COLORS) {
      expect(name.trim()).not.toBe('');
      expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe('isThemeColorKey', () => {
  it('accepts only listed keys', () => {
    expect(isThemeColorKey(DEFAULT_THEME_COLOR)).toBe(true);
    expect(DEFAULT_THEME_COLOR).toBe('indigo');
    expect(isThemeColorKey('violet')).toBe(true);
    expect(isThemeColorKey('yellow')).toBe(false);
    expect(isThemeColorKey('Blue')).toBe(false);
    expect(isThemeColorKey('')).toBe(false);
    expect(isThemeColorKey(null)).toBe(false);
    expect(isThemeColorKey({ key: 'blue' })).toBe(false);
  });
});

describe('readableBand', () => {
  it('gives every theme colour a text colour of at least 4.5:1', () => {
    for (const color of THEME_COLORS) {
      const band = readableBand(color.hex);
      expect(contrastRatio(band.background, band.text), color.name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a colour that already reads well and picks the better text', () => {
    expect(readableBand('#1a1b1e')).toEqual({ background: '#1a1b1e', text: '#ffffff' });
    expect(readableBand('#82c91e')).toEqual({ background: '#82c91e', text: '#000000' });
  });

  it('falls back to indigo for anything that is not a #rrggbb colour', () => {
    expect(readableBand('red').background).toBe('#4c6ef5');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('readableShade', () => {
  const { colors } = DEFAULT_THEME;

  it('gives every theme colour a link colour of at least 4.5:1 on light and dark surfaces', () => {
    for (const { key, name } of THEME_COLORS) {
      const light = readableShade(colors[key], colors.gray[0], 7);
      const dark = readableShade(colors[key], colors.dark[6], 4);
      expect(contrastRatio(light, colors.gray[0]), `${name} light`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(light, '#ffffff'), `${name} light on white`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(dark, colors.dark[6]), `${name} dark`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(dark, colors.dark[7]), `${name} dark on the page`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("keeps the theme's own shade where it reads, and moves towards contrast where it does not", () => {
    expect(readableShade(colors.indigo, colors.gray[0], 7)).toBe(colors.indigo[7]);
    expect(readableShade(colors.indigo, colors.dark[6], 4)).toBe(colors.indigo[4]);
    expect(readableShade(colors.blue, colors.gray[0], 7)).toBe(colors.blue[8]);
    expect(readableShade(colors.violet, colors.dark[6], 4)).toBe(colors.violet[3]);
    // No lime shade reaches 4.5:1 on white: the darkest is darkened further.
    expect(colors.lime).not.toContain(readableShade(colors.lime, colors.gray[0], 7));
  });
});
