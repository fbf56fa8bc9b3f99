import { describe, expect, it } from 'vitest';
import { FONTS } from '../fonts';
import { THEME_COLORS } from '../theme-colors';
import { updateUserInfoSchema } from './profile';

const SELECT = 'Please select an option';

function issuesOf(input: unknown): Array<[string, string]> {
  const result = updateUserInfoSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('updateUserInfoSchema', () => {
  it('accepts each of the 11 theme colour keys', () => {
    expect(THEME_COLORS).toHaveLength(11);
    for (const { key } of THEME_COLORS)
      expect(updateUserInfoSchema.parse({ themeColor: key })).toEqual({ themeColor: key });
  });

  it('rejects other theme colours', () => {
    for (const themeColor of ['purple', 'Blue', '', '#228be6', 'Ocean Blue', 3, null]) {
      expect(issuesOf({ themeColor }), String(themeColor)).toEqual([['themeColor', SELECT]]);
    }
  });

  it('accepts each of the 34 fonts', () => {
    expect(FONTS).toHaveLength(34);
    for (const font of FONTS) expect(updateUserInfoSchema.parse({ font })).toEqual({ font });
  });

  it('rejects other fonts', () => {
    for (const font of ['Comic Sans MS', 'lato', 'Lato ', '', 'Arial', 7, null]) {
      expect(issuesOf({ font }), String(font)).toEqual([['font', SELECT]]);
    }
  });

  it('allows partial updates, including none at all', () => {
    expect(updateUserInfoSchema.parse({})).toEqual({});
    expect(updateUserInfoSchema.parse({ isDarkTheme: true })).toEqual({ isDarkTheme: true });
    expect(updateUserInfoSchema.parse({ isDarkTheme: false, font: 'Roboto' })).toEqual({
      isDarkTheme: false,
      font: 'Roboto',
    });
    expect(
      updateUserInfoSchema.parse({ fullName: 'Asha', isDarkTheme: true, themeColor: 'teal', font: 'Inter' }),
    ).toEqual({ fullName: 'Asha', isDarkTheme: true, themeColor: 'teal', font: 'Inter' });
  });

  it('trims the full name and applies the required-text rules when it is given', () => {
    expect(updateUserInfoSchema.parse({ fullName: '  Asha Rao ' })).toEqual({ fullName: 'Asha Rao' });
    expect(issuesOf({ fullName: '' })).toEqual([['fullName', 'Please fill this field']]);
    expect(issuesOf({ fullName: '   ' })).toEqual([['fullName', 'Only space not allowed']]);
    expect(issuesOf({ fullName: 'a'.repeat(101) })).toHaveLength(1);
  });

  it('rejects a non-boolean dark-theme flag', () => {
    expect(issuesOf({ isDarkTheme: 'yes' }).map(([path]) => path)).toEqual(['isDarkTheme']);
  });
});
