import { describe, expect, it } from 'vitest';
import { LINKED_SIGN_UP_ROLES, OPEN_SIGN_UP_ROLES, offeredSignUpRoles, SIGN_UP_ROLES } from './roles';

describe('sign-up roles', () => {
  it('offers teachers, institutes and students, and partners or developers only through their link', () => {
    expect(offeredSignUpRoles(null)).toEqual(['teacher', 'institute', 'student']);
    expect(offeredSignUpRoles('partner')).toEqual(['teacher', 'institute', 'student', 'partner']);
    expect(offeredSignUpRoles('developer')).toEqual(['teacher', 'institute', 'student', 'developer']);
    expect(offeredSignUpRoles('admin')).toEqual(['teacher', 'institute', 'student']);
    expect(offeredSignUpRoles('student')).toEqual(['teacher', 'institute', 'student']);
  });

  it('lets the server take every offered role and never an admin', () => {
    for (const link of [null, 'partner', 'developer', 'admin'])
      for (const role of offeredSignUpRoles(link)) expect(SIGN_UP_ROLES).toContain(role);
    expect(SIGN_UP_ROLES).not.toContain('admin');
    expect(SIGN_UP_ROLES).toEqual([...OPEN_SIGN_UP_ROLES, ...LINKED_SIGN_UP_ROLES]);
  });
});
