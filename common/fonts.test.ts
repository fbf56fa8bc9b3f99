import { describe, expect, it } from 'vitest';
import { DEFAULT_FONT, FONTS, fontStack, isFontName } from './fonts';

describe('FONTS', () => {
  it('has exactly 34 unique families including the required ones', () => {
    expect(FONTS).toHaveLength(34);
    expect(new Set(FONTS).size).toBe(34);
    expect(FONTS).toEqual(expect.arrayContaining(['Afacad', 'Bitter', 'Lato', 'Roboto']));
  });

  it('has trimmed, non-empty names and a default from the list', () => {
    for (const font of FONTS) expect(font).toMatch(/^\S(.*\S)?$/);
    expect(FONTS).toContain(DEFAULT_FONT);
    expect(DEFAULT_FONT).toBe('Lato');
  });
});

describe('fontStack', () => {
  const indic =
    '"Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Gurmukhi", "Noto Sans Gujarati", "Noto Sans Tamil", "Noto Sans Telugu", "Noto Sans Kannada", "Noto Sans Malayalam"';

  const standIns = '"Lato fallback Roboto", "Lato fallback Arial", "Lato fallback Noto Sans"';

  it('quotes the family, falls back to the Indic Noto families, and ends with a sans-serif fallback', () => {
    expect(fontStack('Lato')).toBe(`"Lato", ${standIns}, ${indic}, system-ui, sans-serif`);
    expect(fontStack('Exo 2')).toBe(`"Exo 2", ${indic}, system-ui, sans-serif`);
  });

  it('uses serif for serif faces', () => {
    expect(fontStack('Merriweather')).toBe(`"Merriweather", ${indic}, serif`);
    expect(fontStack('Playfair Display')).toBe(`"Playfair Display", ${indic}, serif`);
  });

  it('leaves the Indic families out while the chosen font is not yet declared', () => {
    expect(fontStack('Lato', { withIndic: false })).toBe(`"Lato", ${standIns}, system-ui, sans-serif`);
    expect(fontStack('Bitter', { withIndic: false })).toBe('"Bitter", serif');
  });

  it('always ends with a generic family', () => {
    for (const font of FONTS)
      expect(fontStack(font)).toMatch(/^"[^"]+", (.+, )?(system-ui, sans-serif|serif)$/);
  });
});

describe('isFontName', () => {
  it('accepts listed fonts only', () => {
    expect(isFontName('Roboto')).toBe(true);
    expect(isFontName('roboto')).toBe(false);
    expect(isFontName('Comic Sans MS')).toBe(false);
    expect(isFontName(undefined)).toBe(false);
    expect(isFontName(42)).toBe(false);
  });
});
