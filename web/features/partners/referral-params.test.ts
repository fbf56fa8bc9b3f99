import { describe, expect, it } from 'vitest';
import { readReferralParams } from './referral-params';

describe('referral parameters in the address', () => {
  it('takes the ?ref= code out of the address and keeps everything else', () => {
    expect(readReferralParams('https://gurukul.test/pricing?ref=PAVAN-01&plan=pro#faq')).toEqual({
      code: 'PAVAN-01',
      invalid: false,
      cleanUrl: '/pricing?plan=pro#faq',
    });
  });

  it('notices the server’s mark for an unknown link and removes it', () => {
    expect(readReferralParams('https://gurukul.test/?referral=invalid')).toEqual({
      code: null,
      invalid: true,
      cleanUrl: '/',
    });
  });

  it('finds nothing on an ordinary address', () => {
    expect(readReferralParams('https://gurukul.test/login?shareToken=x')).toEqual({
      code: null,
      invalid: false,
      cleanUrl: '/login?shareToken=x',
    });
    expect(readReferralParams('https://gurukul.test/?ref=').code).toBeNull();
  });
});
