import { describe, expect, it } from 'vitest';
import { addToLinkedInUrl } from './linkedin';

describe('addToLinkedInUrl', () => {
  it('fills LinkedIn’s certification form, the verification page as its URL, in any script', () => {
    const url = new URL(
      addToLinkedInUrl({
        id: 'abcdefghijklmnopqrstuvwx',
        courseId: 'c',
        courseTitle: 'जल चक्र & more',
        recipientName: 'अनन्या',
        issuerName: 'Meera Iyer',
        issuedAt: '2026-11-30T20:00:00.000Z',
        revokedAt: null,
        revokedReason: null,
        verifyUrl: 'https://gurukul.example/certificate/abcdefghijklmnopqrstuvwx',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'जल चक्र & more',
      organizationName: 'Meera Iyer',
      issueYear: '2026',
      issueMonth: '11',
      certUrl: 'https://gurukul.example/certificate/abcdefghijklmnopqrstuvwx',
      certId: 'abcdefghijklmnopqrstuvwx',
    });
  });
});
