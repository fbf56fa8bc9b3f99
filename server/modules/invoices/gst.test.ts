import { describe, expect, it } from 'vitest';
import { documentNumber, financialYear, placeOfSupply, reversedGst, splitGst } from './gst';

describe('financialYear', () => {
  it('turns on 1 April in India, not in UTC', () => {
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('25-26'); // 23:59:59 on 31 March in India
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('26-27'); // midnight on 1 April in India
    expect(financialYear(new Date('2027-01-15T10:00:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2099-12-31T20:00:00Z'))).toBe('99-00'); // 1 January 2100 in India
  });

  it('numbers within Rule 46’s sixteen characters', () => {
    const number = documentNumber('GK', '26-27', 42);
    expect(number).toBe('GK/26-27/000042');
    expect(number.length).toBeLessThanOrEqual(16);
    expect(documentNumber('CN', '26-27', 999_999)).toBe('CN/26-27/999999');
  });
});

describe('splitGst', () => {
  it('splits a tax-inclusive total: CGST + SGST within the state, IGST between states, none on export', () => {
    expect(splitGst(1180, 18, '29', '29')).toEqual({
      supply: 'intra',
      rate: 18,
      taxableValue: 1000,
      cgst: 90,
      sgst: 90,
      igst: 0,
    });
    expect(splitGst(1180, 18, '29', '27')).toEqual({
      supply: 'inter',
      rate: 18,
      taxableValue: 1000,
      cgst: 0,
      sgst: 0,
      igst: 180,
    });
    expect(splitGst(1180, 18, '29', '96')).toEqual({
      supply: 'export',
      rate: 0,
      taxableValue: 1180,
      cgst: 0,
      sgst: 0,
      igst: 0,
    });
  });

  it('keeps CGST and SGST equal and the parts adding up to the total', () => {
    for (const total of [499, 999, 4990, 1, 0.05, 123456.78]) {
      const intra = splitGst(total, 18, '07', '07');
      expect(intra.cgst).toBe(intra.sgst);
      expect(Math.round((intra.taxableValue + intra.cgst + intra.sgst) * 100)).toBe(Math.round(total * 100));
      const inter = splitGst(total, 18, '07', '09');
      expect(Math.round((inter.taxableValue + inter.igst) * 100)).toBe(Math.round(total * 100));
    }
    expect(splitGst(499, 18, '07', '07')).toMatchObject({ taxableValue: 422.88, cgst: 38.06, sgst: 38.06 });
    expect(splitGst(499, 18, '07', '09')).toMatchObject({ taxableValue: 422.88, igst: 76.12 });
  });

  it('reverses every amount for a credit note and names the invoice', () => {
    const gst = {
      sac: '999293',
      supplierState: '29',
      placeOfSupply: '27',
      ...splitGst(1180, 18, '29', '27'),
    };
    expect(
      reversedGst(gst, { number: 'GK/26-27/000001', issuedAt: new Date('2026-11-02T09:00:00Z') }),
    ).toEqual({
      ...gst,
      taxableValue: -1000,
      igst: -180,
      original: { number: 'GK/26-27/000001', issuedAt: '2026-11-02T09:00:00.000Z' },
    });
  });
});

describe('placeOfSupply', () => {
  it('is the GSTIN’s state, else the chosen state or abroad, else the supplier’s own', () => {
    expect(placeOfSupply({ gstin: '27AAPFU0939F1ZV', stateCode: '29' }, '29')).toBe('27');
    expect(placeOfSupply({ stateCode: '09' }, '29')).toBe('09');
    expect(placeOfSupply({ stateCode: '96' }, '29')).toBe('96');
    expect(placeOfSupply({ stateCode: '77' }, '29')).toBe('29');
    expect(placeOfSupply({}, '29')).toBe('29');
  });
});
