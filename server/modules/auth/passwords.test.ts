import { describe, expect, it } from 'vitest';
import { DECOY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords';

describe('hashPassword / verifyPassword', () => {
  it('round-trips and stores the scrypt parameters with a random salt', async () => {
    const hash = await hashPassword('Secret123');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(hash).not.toContain('Secret123');
    expect(await verifyPassword('Secret123', hash)).toBe(true);
    const again = await hashPassword('Secret123');
    expect(again).not.toBe(hash);
    expect(await verifyPassword('Secret123', again)).toBe(true);
  });

  it('refuses a wrong password, including near misses', async () => {
    const hash = await hashPassword('Secret123');
    for (const attempt of ['secret123', 'Secret1234', 'Secret12', '', ' Secret123']) {
      expect(await verifyPassword(attempt, hash), attempt).toBe(false);
    }
  });

  it('treats Unicode compatibility forms of the same password alike', async () => {
    const hash = await hashPassword('Ｐass1234');
    expect(await verifyPassword('Pass1234', hash)).toBe(true);
  });

  it('answers false, never throws, for malformed stored hashes', async () => {
    const good = await hashPassword('Secret123');
    const [, n, r, p, salt, key] = good.split('$');
    const malformed = [
      '',
      'plaintext',
      'bcrypt$10$abc',
      `scrypt$${n}$${r}$${p}$${salt}`,
      `scrypt$${n}$${r}$${p}$$${key}`,
      `argon2$${n}$${r}$${p}$${salt}$${key}`,
      `scrypt$${n}$${r}$${p}$${salt}$${key.slice(0, 20)}`,
    ];
    for (const stored of malformed) {
      expect(await verifyPassword('Secret123', stored), stored).toBe(false);
    }
  });

  it('does not accept a stored key shorter than 32 bytes, which would compare only a prefix', async () => {
    const [, n, r, p, salt, key] = (await hashPassword('Secret123')).split('$');
    const full = Buffer.from(key, 'base64url');
    for (const length of [1, 16, 31]) {
      const short = full.subarray(0, length).toString('base64url');
      expect(await verifyPassword('Secret123', `scrypt$${n}$${r}$${p}$${salt}$${short}`), `${length}`).toBe(
        false,
      );
    }
  });

  it('answers false for parameters scrypt refuses', async () => {
    const [, , r, p, salt, key] = (await hashPassword('Secret123')).split('$');
    for (const params of [`3$${r}$${p}`, `abc$${r}$${p}`, `1073741824$${r}$${p}`]) {
      expect(await verifyPassword('Secret123', `scrypt$${params}$${salt}$${key}`), params).toBe(false);
    }
  });

  it('has a decoy hash that matches no likely password', async () => {
    const decoy = await DECOY_HASH_PROMISE;
    expect(decoy).toMatch(/^scrypt\$/);
    expect(await verifyPassword('', decoy)).toBe(false);
    expect(await verifyPassword('Passw0rdOk', decoy)).toBe(false);
  });
});
