import { describe, expect, it } from 'vitest';
import { creditsForSeconds, creditsForText, estimateVoiceSeconds } from './credits';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('estimateVoiceSeconds', () => {
  it('is words / 2.5 * 1.1', () => {
    expect(estimateVoiceSeconds('one')).toBeCloseTo(0.44, 10);
    expect(estimateVoiceSeconds(words(25))).toBe(11);
    expect(estimateVoiceSeconds(words(100))).toBe(44);
  });

  it('counts whitespace-separated non-empty tokens only', () => {
    expect(estimateVoiceSeconds('  hello \n\t world  ')).toBe(estimateVoiceSeconds('hello world'));
    expect(estimateVoiceSeconds('hello\u00a0world')).toBe(estimateVoiceSeconds('a b'));
    expect(estimateVoiceSeconds('well-known, isn’t it?')).toBe(estimateVoiceSeconds('a b c'));
  });

  it('is 0 for empty or blank text', () => {
    expect(estimateVoiceSeconds('')).toBe(0);
    expect(estimateVoiceSeconds('   \n\t ')).toBe(0);
  });

  it('is exact when the result is a whole number of seconds', () => {
    expect(estimateVoiceSeconds(words(375))).toBe(165);
  });
});

describe('creditsForSeconds', () => {
  it('is the ceiling of seconds / 15', () => {
    expect(creditsForSeconds(1)).toBe(1);
    expect(creditsForSeconds(15)).toBe(1);
    expect(creditsForSeconds(15.01)).toBe(2);
    expect(creditsForSeconds(30)).toBe(2);
    expect(creditsForSeconds(31)).toBe(3);
    expect(creditsForSeconds(0.001)).toBe(1);
  });

  it('is 0 for zero, negative or non-finite input', () => {
    expect(creditsForSeconds(0)).toBe(0);
    expect(creditsForSeconds(-10)).toBe(0);
    expect(creditsForSeconds(Number.NaN)).toBe(0);
    expect(creditsForSeconds(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('does not round up on floating-point noise', () => {
    expect(creditsForSeconds((375 / 2.5) * 1.1)).toBe(11);
  });
});

describe('creditsForText', () => {
  it('combines the estimate and the per-credit ceiling', () => {
    expect(creditsForText('')).toBe(0);
    expect(creditsForText('hello')).toBe(1);
    expect(creditsForText(words(34))).toBe(1); // 14.96 s
    expect(creditsForText(words(35))).toBe(2); // 15.4 s
    expect(creditsForText(words(375))).toBe(11); // exactly 165 s
    expect(creditsForText(words(376))).toBe(12);
  });
});
