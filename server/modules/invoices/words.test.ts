import { describe, expect, it } from 'vitest';
import { rupeesInWords, wholeNumberInWords } from './words';

describe('rupeesInWords', () => {
  it('groups in lakhs and crores, in English and in Hindi', () => {
    expect(rupeesInWords(118000)).toBe('Rupees One Lakh Eighteen Thousand Only');
    expect(rupeesInWords(118000, 'hi')).toBe('एक लाख अठारह हज़ार रुपये मात्र');
    expect(rupeesInWords(1180)).toBe('Rupees One Thousand One Hundred Eighty Only');
    expect(rupeesInWords(1180, 'hi')).toBe('एक हज़ार एक सौ अस्सी रुपये मात्र');
    expect(rupeesInWords(12345678.9)).toBe(
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only',
    );
    expect(rupeesInWords(12345678.9, 'hi')).toBe(
      'एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर रुपये और नब्बे पैसे मात्र',
    );
  });

  it('spells paise, zero and a credit note’s negative amount as its size', () => {
    expect(rupeesInWords(499.5)).toBe('Rupees Four Hundred Ninety Nine and Fifty Paise Only');
    expect(rupeesInWords(0.07, 'hi')).toBe('शून्य रुपये और सात पैसे मात्र');
    expect(rupeesInWords(-1180)).toBe('Rupees One Thousand One Hundred Eighty Only');
    // 1.005 is 1.00499… in binary; money rounds it half up to 1.01 first.
    expect(rupeesInWords(1.005)).toBe('Rupees One and One Paise Only');
  });

  it('counts crores above ninety-nine in the same words', () => {
    expect(wholeNumberInWords(1_200_000_000, 'en')).toBe('One Hundred Twenty Crore');
    expect(wholeNumberInWords(1_200_000_000, 'hi')).toBe('एक सौ बीस करोड़');
    expect(wholeNumberInWords(100_001, 'en')).toBe('One Lakh One');
    expect(wholeNumberInWords(99, 'hi')).toBe('निन्यानवे');
    expect(wholeNumberInWords(47, 'hi')).toBe('सैंतालीस');
  });
});
