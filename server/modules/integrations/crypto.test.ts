import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, maskKey } from './crypto';

const SECRET = 'app-secret-for-tests';
const USER = '0b7d3c9e-1111-4222-8333-444455556666';

describe('integration key encryption', () => {
  it('round-trips, never contains the key, and differs every time (fresh IV)', () => {
    const first = encryptSecret(SECRET, USER, 'didApiKey', 'sk-live-abcdef123456');
    const second = encryptSecret(SECRET, USER, 'didApiKey', 'sk-live-abcdef123456');
    expect(first).not.toContain('abcdef');
    expect(first).not.toBe(second);
    expect(first.startsWith('v1.')).toBe(true);
    expect(decryptSecret(SECRET, USER, 'didApiKey', first)).toBe('sk-live-abcdef123456');
  });

  it('does not decrypt under another secret, another user or key name, or after tampering', () => {
    const stored = encryptSecret(SECRET, USER, 'didApiKey', 'sk-live-abcdef123456');
    expect(decryptSecret('another-secret', USER, 'didApiKey', stored)).toBeNull();
    expect(decryptSecret(SECRET, '0b7d3c9e-1111-4222-8333-000000000000', 'didApiKey', stored)).toBeNull();
    expect(decryptSecret(SECRET, USER, 'elevenLabsApiKey', stored)).toBeNull();
    const [v, iv, tag, body] = stored.split('.');
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(decryptSecret(SECRET, USER, 'didApiKey', [v, iv, tag, flipped].join('.'))).toBeNull();
    expect(decryptSecret(SECRET, USER, 'didApiKey', 'plain-text-key')).toBeNull();
  });

  it('masks with the last four characters only', () => {
    expect(maskKey('3f9a')).toBe('••••••••3f9a');
  });
});
