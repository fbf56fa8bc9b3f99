import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Disk by default; an S3-compatible store plugs in behind the same calls. */
export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Stores a local file without loading it into memory (large uploads, packaged video). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /** A URL that lets its holder read the file until it expires. */
  signedUrl(key: string, expiresInSeconds?: number): string;
  /**
   * Where the store serves files itself (S3): a signed URL that is the same for every caller within a window,
   * so a CDN keyed on the URL keeps one copy of a video segment for a whole class. Absent on disk, where the app
   * serves segments after checking who asks.
   */
  sharedUrl?(key: string): string;
}

/** A stored file's whole content (small files only: pictures, logos, slides), or null when it is not there. */
export async function readStoredBytes(storage: Storage, key: string): Promise<Buffer | null> {
  const stored = await storage.read(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const SAFE_KEY = /^[a-zA-Z0-9/_.-]+$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.startsWith('/'))
    throw new Error(`Unsafe storage key: ${key}`);
}

export function signFileUrl(secret: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
}

export function verifyFileSignature(
  secret: string,
  key: string,
  expires: number,
  signature: string,
): boolean {
  if (!Number.isFinite(expires) || expires * 1000 < Date.now()) return false;
  const expected = Buffer.from(signFileUrl(secret, key, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Disk storage under DATA_DIR/files, read back through /api/files/<key>?expires&signature. */
export function diskStorage(root: string, secret: string): Storage {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async putFile(key, source) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      await copyFile(source, file);
    },
    async read(key) {
      const file = full(key);
      if (!existsSync(file)) return null;
      const info = await stat(file);
      return { stream: createReadStream(file), size: info.size };
    },
    async remove(key) {
      await rm(full(key), { force: true });
    },
    signedUrl(key, expiresInSeconds = 15 * 60) {
      assertSafeKey(key);
      const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
      const signature = signFileUrl(secret, key, expires);
      return `/api/files/${key}?expires=${expires}&signature=${signature}`;
    },
  };
}
