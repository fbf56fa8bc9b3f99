import { describe, expect, it } from 'vitest';
import {
  GST_STATES,
  GSTIN_MESSAGES,
  gstinCheckCharacter,
  gstinProblem,
  gstStateName,
  normalizeGstin,
} from './gst';
import { fill } from './i18n/message-template';

describe('gstinProblem', () => {
  it('accepts published GSTINs, whatever the case and spacing they are typed in', () => {
    // The GSTN's e-invoice sandbox taxpayer (Maharashtra) and a Karnataka company.
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', ' 27aapfu0939f1zv ', '２７AAPFU0939F1ZV'])
      expect(gstinProblem(normalizeGstin(gstin))).toBeNull();
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
  });

  it('finds a mistyped character by the check character', () => {
    // One character changed, two neighbours swapped: the check no longer matches.
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(GSTIN_MESSAGES.check);
    expect(gstinProblem('27AAPFU9039F1ZV')).toBe(GSTIN_MESSAGES.check);
    expect(gstinProblem('29AAGCB7383J1Z5')).toBe(GSTIN_MESSAGES.check);
  });

  it('names the state code and the PAN when they are wrong, the shape otherwise', () => {
    expect(gstinProblem('40AAPFU0939F1ZV')).toBe(fill(GSTIN_MESSAGES.state, { code: '40' }));
    expect(gstinProblem('96AAPFU0939F1ZV')).toBe(fill(GSTIN_MESSAGES.state, { code: '96' }));
    expect(gstinProblem('27AAPXU0939F1ZV')).toBe(fill(GSTIN_MESSAGES.pan, { pan: 'AAPXU0939F' }));
    expect(gstinProblem('27AAPF00939F1ZV')).toBe(fill(GSTIN_MESSAGES.pan, { pan: 'AAPF00939F' }));
    for (const shape of [
      '',
      '27AAPFU0939F1Z',
      '27AAPFU0939F1ZVX',
      '27AAPFU0939F0ZV',
      '27AAPFU0939F1YV',
      '२७AAPFU0939F1ZV',
    ])
      expect(gstinProblem(normalizeGstin(shape))).toBe(GSTIN_MESSAGES.shape);
  });
});

describe('GST states', () => {
  it('has each state once, with two-digit codes, and names Outside India', () => {
    const codes = GST_STATES.map((state) => state.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d\d$/);
    expect(gstStateName('29')).toBe('Karnataka');
    expect(gstStateName('96')).toBe('Outside India');
    expect(gstStateName('25')).toBe('Daman and Diu');
    expect(gstStateName('00')).toBeUndefined();
  });
});
