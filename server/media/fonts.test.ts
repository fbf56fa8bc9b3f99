import { existsSync } from 'node:fs';
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { FONTS } from '../../common/fonts';
import {
  ensureFontRegistered,
  ensureIndicFontsRegistered,
  fontFilesOf,
  INDIC_FAMILIES,
  indicFontFilesOf,
} from './fonts';
import { titleBand } from './narrated-segment';

const style = (fontFamily: string) => ({ fontFamily, colorHex: '#1971c2' });

describe('the 34 fonts on the server', () => {
  it('ships the regular and bold files of every font the course library offers', () => {
    for (const font of FONTS) for (const file of fontFilesOf(font)) expect(existsSync(file), file).toBe(true);
  });

  it('draws the title band in the chosen font: two fonts give different pixels, and neither is the fallback', async () => {
    const title = 'Adding fractions with unlike denominators';
    const bitter = titleBand(title, style('Bitter'));
    const oswald = titleBand(title, style('Oswald'));
    const fallback = titleBand(title, style('No Such Font'));
    expect(ensureFontRegistered('Bitter')).toBe(true);
    expect(ensureFontRegistered('No Such Font')).toBe(false);
    expect(Buffer.compare(bitter, oswald)).not.toBe(0);
    expect(Buffer.compare(bitter, fallback)).not.toBe(0);
    expect(Buffer.compare(oswald, fallback)).not.toBe(0);
    // Oswald is a condensed face: the same title takes a narrower band than in Bitter.
    const [bitterImage, oswaldImage] = await Promise.all([loadImage(bitter), loadImage(oswald)]);
    expect(oswaldImage.width).toBeLessThan(bitterImage.width);
  });
});

describe('title bands in every Indian script (decision 066)', () => {
  it('ships and registers the regular and bold Noto Sans of the eight Indic scripts', () => {
    for (const family of INDIC_FAMILIES)
      for (const file of indicFontFilesOf(family)) expect(existsSync(file), file).toBe(true);
    expect(ensureIndicFontsRegistered()).toEqual(INDIC_FAMILIES);
  });

  it('draws a Devanagari, Tamil or Bengali title in Noto, not in empty boxes', async () => {
    // Empty boxes (the .notdef glyph) are all alike: two different titles of as many characters would give the
    // same band. Drawn in Noto Sans they differ, and the shaped title is narrower than four boxes apiece.
    for (const [one, other] of [
      ['कखगघ', 'चछजझ'],
      ['கஙசஞ', 'டணதந'],
      ['কখগঘ', 'চছজঝ'],
    ]) {
      const [a, b] = [titleBand(one, style('Bitter')), titleBand(other, style('Bitter'))];
      expect(Buffer.compare(a, b), one).not.toBe(0);
    }
    const conjuncts = await loadImage(titleBand('श्रीमती क्षितिज प्रिया', style('Bitter')));
    const tofu = await loadImage(titleBand('\u{10FFFD}'.repeat(21), style('Bitter')));
    expect(conjuncts.width).toBeLessThan(tofu.width);
  });
});
