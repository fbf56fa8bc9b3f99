import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentDispositionFor } from './file-disposition';
import { encodeKeyPath, presignGetUrl } from './sigv4';
import { assertSafeKey, type Storage } from './storage';

export interface S3Settings {
  /** e.g. http://minio:9000; unset → AWS S3 in `region`. */
  endpoint?: string;
  /**
   * Where browsers fetch signed URLs from, when not `endpoint` (S3_PUBLIC_ENDPOINT): the store's public name, or a
   * CDN or proxy in front of it that passes the Host header through (the signature covers the host).
   */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`; what MinIO and most compatibles want. */
  forcePathStyle: boolean;
}

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Headers the store serves the object with to whoever holds its presigned URL, as disk storage does
 * (stored-file-headers.ts): private (the signature is the permission) and an attachment unless the app shows
 * it inline. S3 keeps no X-Content-Type-Options; behind a CDN, add it with the CDN's response headers.
 */
function servedAs(key: string, contentType: string) {
  return {
    ContentType: contentType,
    ContentDisposition: contentDispositionFor(key, contentType),
    // Video segments are read through shared URLs (decision 039) that a CDN should keep: a segment never changes
    // (a new render is a new folder), and whoever holds the URL may read it anyway.
    CacheControl: contentType === 'video/mp2t' ? 'public, max-age=7200, immutable' : 'private',
  };
}

/**
 * Shared URLs are signed at the start of the hour and valid for two: between one and two hours of use whenever
 * they are handed out, and one URL per file per hour for a CDN to cache.
 */
export const SHARED_URL_WINDOW_SECONDS = 60 * 60;

/** Files in an S3-compatible bucket; signed URLs are SigV4 presigned GETs straight to the store. */
export function s3Storage(settings: S3Settings): Storage {
  const { bucket, region, accessKeyId, secretAccessKey, forcePathStyle } = settings;
  const client = new S3Client({
    region,
    endpoint: settings.endpoint,
    forcePathStyle,
    credentials: { accessKeyId, secretAccessKey },
    // Checksums only where S3 requires them: the default (CRC32 on every PutObject, aws-chunked bodies for
    // streams) is refused by several S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  /** The object's URL as a presigned GET addresses it (the same addressing the client uses). */
  const objectUrl = (key: string): URL => {
    const base = new URL(
      settings.publicEndpoint ?? settings.endpoint ?? `https://s3.${region}.amazonaws.com`,
    );
    const prefix = base.pathname.replace(/\/+$/, '');
    if (forcePathStyle) base.pathname = `${prefix}/${bucket}/${encodeKeyPath(key)}`;
    else {
      base.hostname = `${bucket}.${base.hostname}`;
      base.pathname = `${prefix}/${encodeKeyPath(key)}`;
    }
    return base;
  };

  return {
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ...servedAs(key, contentType) }),
      );
    },
    async putFile(key, file, contentType) {
      assertSafeKey(key);
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ...servedAs(key, contentType),
        }),
      );
    },
    async read(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        // In Node the body is the response's IncomingMessage (a Readable) with SDK helpers mixed in.
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!missing(error)) throw error;
      }
    },
    signedUrl(key, expiresInSeconds = 15 * 60) {
      assertSafeKey(key);
      return presignGetUrl({ url: objectUrl(key), region, accessKeyId, secretAccessKey, expiresInSeconds });
    },
    sharedUrl(key) {
      assertSafeKey(key);
      const windowMs = SHARED_URL_WINDOW_SECONDS * 1000;
      return presignGetUrl({
        url: objectUrl(key),
        region,
        accessKeyId,
        secretAccessKey,
        expiresInSeconds: 2 * SHARED_URL_WINDOW_SECONDS,
        now: new Date(Math.floor(Date.now() / windowMs) * windowMs),
      });
    },
  };
}
