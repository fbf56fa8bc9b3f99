import { describe, expect, it } from 'vitest';
import { searchFold } from './search-fold';

describe('searchFold', () => {
  it('writes the spellings of one Hindi word one way', () => {
    // Nukta as one code point, as two, or left out.
    expect(searchFold('\u095b')).toBe(searchFold('ज\u093c'));
    expect(searchFold('तेज़')).toBe(searchFold('तेज'));
    expect(searchFold('बर्फ़')).toBe('बर्फ');
    // Chandrabindu or anusvara.
    expect(searchFold('पहुँचा')).toBe(searchFold('पहुंचा'));
    // Joiners the keyboard added.
    expect(searchFold('क्\u200dष')).toBe('क्ष');
    expect(searchFold('क्\u200cष')).toBe('क्ष');
  });

  it('reads native digits as digits and dandas as spaces', () => {
    expect(searchFold('२०१३')).toBe('2013');
    expect(searchFold('௭௬')).toBe('76');
    expect(searchFold('১৯৪৭')).toBe('1947');
    expect(searchFold('है।')).toBe('है ');
  });

  it('leaves other letters as they are, in lower case', () => {
    expect(searchFold('Çanakkale DNA')).toBe('çanakkale dna');
    expect(searchFold('வீடு')).toBe('வீடு');
  });
});
