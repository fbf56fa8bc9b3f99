import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { asc, isNull } from 'drizzle-orm';
import { certificateSigningKeys } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { App } from '../../http/app-type';
import { decryptSecret, encryptSecret } from '../integrations/crypto';
import { keyUrl, multikeyOf, publicKeyFromMultikey } from './credential';

/**
 * The platform's Ed25519 keys that sign certificates (decision 079), made on first use by whichever instance gets
 * there first (the one-current-key index decides), kept encrypted with JWT_SECRET. Rotating retires the current
 * key and makes a new one; a retired key is never deleted and stays published in the issuer document, so every
 * certificate it signed still verifies.
 */
const PURPOSE = 'certificate-signing-key';

export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
}

export async function currentSigningKey(app: App): Promise<SigningKey> {
  const [current] = await app.db
    .select()
    .from(certificateSigningKeys)
    .where(isNull(certificateSigningKeys.retiredAt))
    .limit(1);
  if (current) {
    const plain = decryptSecret(app.config.jwtSecret, current.keyId, PURPOSE, current.privateKeyEncrypted);
    if (!plain) throw new Error('the certificate signing key cannot be decrypted with this JWT_SECRET');
    return {
      keyId: current.keyId,
      privateKey: createPrivateKey({ key: Buffer.from(plain, 'base64'), format: 'der', type: 'pkcs8' }),
    };
  }
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // Dated, so a published key tells when it came into use; the random part keeps two of one day apart.
  const keyId = `key-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
  const der = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  try {
    await app.db.insert(certificateSigningKeys).values({
      keyId,
      publicKeyMultibase: multikeyOf(publicKey),
      privateKeyEncrypted: encryptSecret(app.config.jwtSecret, keyId, PURPOSE, der),
    });
  } catch (error) {
    // Another instance made one at the same moment: use that.
    if (!isUniqueViolation(error)) throw error;
  }
  return currentSigningKey(app);
}

/** Every key ever used, oldest first: the issuer document lists them all. */
export async function publishedKeys(app: App): Promise<{ keyId: string; publicKeyMultibase: string }[]> {
  return app.db
    .select({
      keyId: certificateSigningKeys.keyId,
      publicKeyMultibase: certificateSigningKeys.publicKeyMultibase,
    })
    .from(certificateSigningKeys)
    .orderBy(asc(certificateSigningKeys.createdAt));
}

/** Retires the current key; the next certificate is signed with a new one. */
export async function rotateSigningKey(app: App): Promise<string> {
  await app.db
    .update(certificateSigningKeys)
    .set({ retiredAt: new Date() })
    .where(isNull(certificateSigningKeys.retiredAt));
  return (await currentSigningKey(app)).keyId;
}

// Keys never change once made (a rotation adds one): each process keeps those it has read, per app's database.
const knownKeys = new WeakMap<App['db'], Map<string, KeyObject>>();

/**
 * The public keys of the platform, as a lookup by verificationMethod (null for any other key). The database is read
 * only when `needed` names a key this process has not seen yet (one made by a rotation on another instance).
 */
export async function publicKeyResolver(
  app: App,
  needed?: unknown,
): Promise<(verificationMethod: string) => KeyObject | null> {
  let known = knownKeys.get(app.db);
  if (!known || typeof needed !== 'string' || !known.has(needed)) {
    known = new Map(
      (await publishedKeys(app)).map((key) => [
        keyUrl(app.config.publicUrl, key.keyId),
        publicKeyFromMultikey(key.publicKeyMultibase),
      ]),
    );
    knownKeys.set(app.db, known);
  }
  const keys = known;
  return (verificationMethod) => keys.get(verificationMethod) ?? null;
}
