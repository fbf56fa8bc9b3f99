import { describe, expect, it } from 'vitest';
import { parseNullishString } from './nullish';

describe('parseNullishString', () => {
  it('turns stored "null" and "undefined" back into the values', () => {
    expect(parseNullishString('null')).toBeNull();
    expect(parseNullishString('undefined')).toBeUndefined();
  });

  it('passes real nullish values through', () => {
    expect(parseNullishString(null)).toBeNull();
    expect(parseNullishString(undefined)).toBeUndefined();
  });

  it('leaves other strings unchanged, including near misses', () => {
    expect(parseNullishString('')).toBe('');
    expect(parseNullishString('hello')).toBe('hello');
    expect(parseNullishString('NULL')).toBe('NULL');
    expect(parseNullishString(' null')).toBe(' null');
    expect(parseNullishString('Undefined')).toBe('Undefined');
    expect(parseNullishString('nullable')).toBe('nullable');
  });

  it('keeps the literal string type', () => {
    type Mode = 'light' | 'dark' | 'null';
    const stored: Mode = 'dark';
    const mode: Mode | null | undefined = parseNullishString<Mode>(stored);
    expect(mode).toBe('dark');
  });
});
