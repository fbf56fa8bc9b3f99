import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Integration keys are stored as AES-256-GCM ciphertext. The encryption key is derived from the app secret
 * with HKDF-SHA256 and a fixed label, so it never sits in the database and differs from the key used to
 * sign sessions. The owner and key name are bound as associated data: a row copied to another user or
 * another integration does not decrypt.
 */
const CONTEXT_LABEL = 'gurukul/integration-keys/v1';
const VERSION = 'v1';

function encryptionKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), CONTEXT_LABEL, 32));
}

const boundTo = (userId: string, keyName: string) => Buffer.from(`${userId}:${keyName}`);

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptSecret(appSecret: string, userId: string, keyName: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(appSecret), iv);
  cipher.setAAD(boundTo(userId, keyName));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain key, or null when the stored value was tampered with or was made under another secret. */
export function decryptSecret(
  appSecret: string,
  userId: string,
  keyName: string,
  stored: string,
): string | null {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(boundTo(userId, keyName));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** What the page shows instead of the key: dots and the last four characters. */
export function maskKey(lastFour: string): string {
  return `••••••••${lastFour}`;
}
