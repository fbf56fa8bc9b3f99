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
      // 01:30 on 1 December in India.
      issueMonth: '12',
      certUrl: 'https://gurukul.example/certificate/abcdefghijklmnopqrstuvwx',
      certId: 'abcdefghijklmnopqrstuvwx',
    });
  });

  it('gives the month of India’s calendar, as the certificate prints it', () => {
    const url = new URL(
      addToLinkedInUrl({
        id: 'x',
        courseId: 'c',
        courseTitle: 'C',
        recipientName: 'N',
        issuerName: 'I',
        // 05:00 on 1 January 2027 in India.
        issuedAt: '2026-12-31T23:30:00.000Z',
        revokedAt: null,
        revokedReason: null,
        verifyUrl: 'https://gurukul.example/certificate/x',
      }),
    );
    expect([url.searchParams.get('issueYear'), url.searchParams.get('issueMonth')]).toEqual(['2027', '1']);
  });
});
