import { randomUUID } from 'node:crypto';
import { desc, isNull } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { ltiToolKeys } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { App } from '../../http/app-type';
import { decryptSecret, encryptSecret } from '../integrations/crypto';

/**
 * The tool's RS256 keys (decision 074): made on first use by whichever instance gets there first (the database's
 * one-current-key index decides), kept encrypted, published at /api/lti/jwks. A key is never removed while a
 * platform may still hold tokens signed with it; rotating is retiring the current one (a new one is made).
 */
const PURPOSE = 'lti-tool-key';

export async function toolKeyset(app: App): Promise<{ keys: Record<string, unknown>[] }> {
  await signingKey(app);
  const rows = await app.db.select().from(ltiToolKeys).orderBy(desc(ltiToolKeys.createdAt));
  return { keys: rows.map((row) => row.publicJwk) };
}

export async function signingKey(app: App): Promise<{ kid: string; key: CryptoKey }> {
  const [current] = await app.db.select().from(ltiToolKeys).where(isNull(ltiToolKeys.retiredAt)).limit(1);
  if (current) {
    const plain = decryptSecret(app.config.jwtSecret, current.kid, PURPOSE, current.privateJwkEncrypted);
    if (!plain) throw new Error('the LTI signing key cannot be decrypted with this JWT_SECRET');
    return { kid: current.kid, key: (await importJWK(JSON.parse(plain) as JWK, 'RS256')) as CryptoKey };
  }
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: 'RS256' });
  try {
    await app.db.insert(ltiToolKeys).values({
      kid,
      publicJwk,
      privateJwkEncrypted: encryptSecret(app.config.jwtSecret, kid, PURPOSE, privateJwk),
    });
  } catch (error) {
    // Another instance made one at the same moment: use that.
    if (!isUniqueViolation(error)) throw error;
  }
  return signingKey(app);
}
