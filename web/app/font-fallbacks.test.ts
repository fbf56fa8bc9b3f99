import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRIC_STAND_INS } from '../../common/fonts';

/** The metrics font-fallbacks.css cites (@capsizecss/metrics 4.3.0): units per em, ascent, descent, gap, width. */
const LATO = { unitsPerEm: 2000, ascent: 1974, descent: -426, lineGap: 0, xWidthAvg: 871 };
const LOCAL: Record<string, { unitsPerEm: number; xWidthAvg: number }> = {
  'Lato fallback Roboto': { unitsPerEm: 2048, xWidthAvg: 911 },
  'Lato fallback Arial': { unitsPerEm: 2048, xWidthAvg: 913 },
  'Lato fallback Noto Sans': { unitsPerEm: 1000, xWidthAvg: 474 },
};

const css = readFileSync(path.join(import.meta.dirname, 'font-fallbacks.css'), 'utf8');

/** Each @font-face of the file by its family: its descriptors as numbers (percent). */
function faces(): Map<string, Record<string, number>> {
  const found = new Map<string, Record<string, number>>();
  for (const [, body] of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const family = body?.match(/font-family:\s*"([^"]+)"/)?.[1] as string;
    const values: Record<string, number> = {};
    for (const [, name, value] of (body ?? '').matchAll(/([a-z-]+):\s*([\d.]+)%/g))
      values[name as string] = Number(value);
    found.set(family, values);
  }
  return found;
}

describe('the default font stand-ins', () => {
  it('declares a face for every stand-in the font stack names, and no other', () => {
    expect([...faces().keys()].sort()).toEqual([...(METRIC_STAND_INS.Lato ?? [])].sort());
  });

  it("sizes each to Lato's average width and sets Lato's ascent and descent, as the cited metrics give", () => {
    for (const [family, face] of faces()) {
      const local = LOCAL[family];
      expect(local, family).toBeDefined();
      const size = LATO.xWidthAvg / LATO.unitsPerEm / ((local?.xWidthAvg ?? 1) / (local?.unitsPerEm ?? 1));
      expect(face['size-adjust'], family).toBeCloseTo(size * 100, 1);
      expect(face['ascent-override'], family).toBeCloseTo((LATO.ascent / LATO.unitsPerEm / size) * 100, 1);
      expect(face['descent-override'], family).toBeCloseTo((-LATO.descent / LATO.unitsPerEm / size) * 100, 1);
      expect(face['line-gap-override'], family).toBe(0);
    }
  });
});
