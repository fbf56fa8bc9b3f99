import { describe, expect, it } from 'vitest';
import { trialText } from './profile-menu';

describe("the profile box's trial text", () => {
  it('takes the plural its count needs', () => {
    expect(trialText(1)).toBe('1 Day Remaining');
    expect(trialText(0)).toBe('0 Days Remaining');
    expect(trialText(14)).toBe('14 Days Remaining');
  });

  it('is absent without a trial', () => {
    expect(trialText(null)).toBeNull();
  });
});
