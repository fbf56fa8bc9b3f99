import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SIGN_UP_ROLES } from '../roles';
import { changePasswordSchema, loginSchema, resetPasswordSchema, signUpSchema } from './auth';

const REQUIRED = 'Please fill this field';
const ONLY_SPACE = 'Only space not allowed';
const EMAIL = 'Please enter valid email address';
const PASSWORD_MIX = 'Please use 8-15 characters with a mix of at least 1 uppercase, 1 lowercase, & 1 digit';
const TOO_LONG = 'Password should not exceed 15 characters';
const MISMATCH = 'Confirm Password must match New Password';
const TERMS = 'Please accept to our terms and conditions';
const SELECT = 'Please select an option';

/** Every issue as [path, message], in order. */
function issuesOf(schema: z.ZodType, input: unknown): Array<[string, string]> {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

const VALID_PASSWORD = 'Abcdef12';
const signUp = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  password: VALID_PASSWORD,
  confirmPassword: VALID_PASSWORD,
  userType: 'teacher',
  terms: true,
};
const withPassword = (password: string) => ({ ...signUp, password, confirmPassword: password });

/** Passwords the mix rule must reject, each with exactly the mix text. */
const BAD_MIX = {
  'too short': 'abc',
  'seven characters': 'Abcde12',
  'no upper case': 'abcdef12',
  'no lower case': 'ABCDEF12',
  'no digit': 'Abcdefgh',
};

describe('signUpSchema', () => {
  it('parses valid input, trimming the name and trimming and lower-casing the email', () => {
    const result = signUpSchema.safeParse({
      ...signUp,
      fullName: '  Asha Rao ',
      email: '  Asha.Rao@Example.COM ',
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ ...signUp, email: 'asha.rao@example.com' });
  });

  it('accepts every sign-up role', () => {
    for (const userType of SIGN_UP_ROLES)
      expect(issuesOf(signUpSchema, { ...signUp, userType }), userType).toEqual([]);
  });

  it('says "Please fill this field" once per empty field', () => {
    expect(
      issuesOf(signUpSchema, { ...signUp, fullName: '', email: '', password: '', confirmPassword: '' }),
    ).toEqual([
      ['fullName', REQUIRED],
      ['email', REQUIRED],
      ['password', REQUIRED],
      ['confirmPassword', REQUIRED],
    ]);
  });

  it('says "Please fill this field" for missing fields', () => {
    expect(issuesOf(signUpSchema, { userType: 'student', terms: true })).toEqual([
      ['fullName', REQUIRED],
      ['email', REQUIRED],
      ['password', REQUIRED],
      ['confirmPassword', REQUIRED],
    ]);
  });

  it('rejects a spaces-only full name', () => {
    expect(issuesOf(signUpSchema, { ...signUp, fullName: '   ' })).toEqual([['fullName', ONLY_SPACE]]);
    expect(issuesOf(signUpSchema, { ...signUp, fullName: '\t \n' })).toEqual([['fullName', ONLY_SPACE]]);
  });

  it('rejects bad email addresses', () => {
    for (const email of [
      'asha',
      'asha@',
      'asha@example',
      'asha@example.c',
      '@example.com',
      'a sha@example.com',
      '   ',
    ]) {
      expect(issuesOf(signUpSchema, { ...signUp, email }), email).toEqual([['email', EMAIL]]);
    }
  });

  for (const [why, password] of Object.entries(BAD_MIX)) {
    it(`gives the 8-15 mix text for a password with ${why}`, () => {
      expect(issuesOf(signUpSchema, withPassword(password))).toEqual([['password', PASSWORD_MIX]]);
    });
  }

  it('says a password of 16 or more characters is too long, and nothing else', () => {
    expect(issuesOf(signUpSchema, withPassword('Abcdefgh12345678'))).toEqual([['password', TOO_LONG]]);
    expect(issuesOf(signUpSchema, withPassword('abcdefghijklmnopqrstuvwxyz'))).toEqual([
      ['password', TOO_LONG],
    ]);
  });

  it('accepts passwords of 8 and 15 characters', () => {
    expect(issuesOf(signUpSchema, withPassword('Abcdef12'))).toEqual([]);
    expect(issuesOf(signUpSchema, withPassword('Abcdefgh1234567'))).toEqual([]);
  });

  it('reports a mismatched confirmation on confirmPassword', () => {
    expect(issuesOf(signUpSchema, { ...signUp, confirmPassword: 'Abcdef13' })).toEqual([
      ['confirmPassword', MISMATCH],
    ]);
  });

  it('reports a mismatch while other fields are still invalid (validation on change)', () => {
    const unfinished = { fullName: '', password: VALID_PASSWORD, confirmPassword: 'Abcdef13', terms: false };
    expect(issuesOf(signUpSchema, unfinished)).toContainEqual(['confirmPassword', MISMATCH]);
    expect(
      issuesOf(changePasswordSchema, { currentPassword: '', newPassword: 'x', confirmPassword: 'y' }),
    ).toContainEqual(['confirmPassword', MISMATCH]);
    expect(
      issuesOf(resetPasswordSchema, { newPassword: 'Abcdef12', confirmPassword: 'Abcdef13' }),
    ).toContainEqual(['confirmPassword', MISMATCH]);
  });

  it('requires the terms to be accepted', () => {
    for (const terms of [false, undefined, 'true', 1]) {
      expect(issuesOf(signUpSchema, { ...signUp, terms }), String(terms)).toEqual([['terms', TERMS]]);
    }
  });

  it('asks to select a role when it is admin, missing or unknown', () => {
    for (const userType of ['admin', undefined, '', 'Teacher', 'superuser']) {
      expect(issuesOf(signUpSchema, { ...signUp, userType }), String(userType)).toEqual([
        ['userType', SELECT],
      ]);
    }
  });
});

describe('loginSchema', () => {
  it('parses valid input, trimming and lower-casing the email', () => {
    expect(loginSchema.parse({ email: ' Asha@Example.COM ', password: 'anything' })).toEqual({
      email: 'asha@example.com',
      password: 'anything',
      isRemember: false,
    });
    expect(
      loginSchema.parse({ email: 'a@b.co', password: 'x', isRemember: true, shareToken: 'token-1' }),
    ).toEqual({ email: 'a@b.co', password: 'x', isRemember: true, shareToken: 'token-1' });
  });

  it('requires both fields', () => {
    expect(issuesOf(loginSchema, { email: '', password: '' })).toEqual([
      ['email', REQUIRED],
      ['password', REQUIRED],
    ]);
    expect(issuesOf(loginSchema, {})).toEqual([
      ['email', REQUIRED],
      ['password', REQUIRED],
    ]);
  });

  it('rejects a bad email', () => {
    expect(issuesOf(loginSchema, { email: 'asha@', password: 'x' })).toEqual([['email', EMAIL]]);
  });

  it('does not apply the new-password rules to the password being checked', () => {
    expect(issuesOf(loginSchema, { email: 'a@b.co', password: 'abc' })).toEqual([]);
  });
});

describe('changePasswordSchema', () => {
  const change = {
    currentPassword: 'old-password',
    newPassword: VALID_PASSWORD,
    confirmPassword: VALID_PASSWORD,
  };

  it('parses valid input', () => {
    expect(changePasswordSchema.parse(change)).toEqual(change);
  });

  it('says "Please fill this field" once per empty field', () => {
    expect(
      issuesOf(changePasswordSchema, { currentPassword: '', newPassword: '', confirmPassword: '' }),
    ).toEqual([
      ['currentPassword', REQUIRED],
      ['newPassword', REQUIRED],
      ['confirmPassword', REQUIRED],
    ]);
  });

  for (const [why, password] of Object.entries(BAD_MIX)) {
    it(`gives the mix text for a new password with ${why}`, () => {
      expect(
        issuesOf(changePasswordSchema, { ...change, newPassword: password, confirmPassword: password }),
      ).toEqual([['newPassword', PASSWORD_MIX]]);
    });
  }

  it('says a 16-character new password is too long', () => {
    const password = 'Abcdefgh12345678';
    expect(
      issuesOf(changePasswordSchema, { ...change, newPassword: password, confirmPassword: password }),
    ).toEqual([['newPassword', TOO_LONG]]);
  });

  it('reports a mismatch on confirmPassword', () => {
    expect(issuesOf(changePasswordSchema, { ...change, confirmPassword: 'Abcdef13' })).toEqual([
      ['confirmPassword', MISMATCH],
    ]);
  });
});

describe('resetPasswordSchema', () => {
  const reset = {
    token: 'a-long-enough-token',
    newPassword: VALID_PASSWORD,
    confirmPassword: VALID_PASSWORD,
  };

  it('parses valid input', () => {
    expect(resetPasswordSchema.parse(reset)).toEqual(reset);
  });

  it('says "Please fill this field" for empty passwords', () => {
    expect(issuesOf(resetPasswordSchema, { ...reset, newPassword: '', confirmPassword: '' })).toEqual([
      ['newPassword', REQUIRED],
      ['confirmPassword', REQUIRED],
    ]);
  });

  for (const [why, password] of Object.entries(BAD_MIX)) {
    it(`gives the mix text for a new password with ${why}`, () => {
      expect(
        issuesOf(resetPasswordSchema, { ...reset, newPassword: password, confirmPassword: password }),
      ).toEqual([['newPassword', PASSWORD_MIX]]);
    });
  }

  it('says a 16-character new password is too long', () => {
    const password = 'Abcdefgh12345678';
    expect(
      issuesOf(resetPasswordSchema, { ...reset, newPassword: password, confirmPassword: password }),
    ).toEqual([['newPassword', TOO_LONG]]);
  });

  it('reports a mismatch on confirmPassword', () => {
    expect(issuesOf(resetPasswordSchema, { ...reset, confirmPassword: 'Abcdef1' })).toEqual([
      ['confirmPassword', MISMATCH],
    ]);
  });
});
