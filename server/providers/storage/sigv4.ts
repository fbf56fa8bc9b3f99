import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4, the parts S3 needs: the signing key and a query-string presigned GET
 * ("Authenticating Requests: Using Query Parameters"). Computed here with node:crypto so a presigned URL is
 * a synchronous call, like every other Storage.signedUrl; the SDK's presigner is async.
 */

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3 refuses presigned URLs valid for longer than seven days. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ percent-encoded, upper-case hex. */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** An object key as a URI path: each segment encoded, the slashes kept. */
export const encodeKeyPath = (key: string) => key.split('/').map(encodeRfc3986).join('/');

/** Name/value pairs → the canonical query string: encoded, sorted by name then value, joined with &. */
export function canonicalQuery(pairs: [string, string][]): string {
  return pairs
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** 20240102T030405Z */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
}

export function stringToSign(timestamp: string, scope: string, canonicalRequest: string): string {
  return `${SIGV4_ALGORITHM}\n${timestamp}\n${scope}\n${sha256Hex(canonicalRequest)}`;
}

export interface PresignOptions {
  /** The object's URL without a query: its path already encoded (see encodeKeyPath). */
  url: URL;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  expiresInSeconds: number;
  now?: Date;
}

/** A GET URL for `url` signed in its query string; only the host header is signed, the payload is unsigned. */
export function presignGetUrl(options: PresignOptions): string {
  const { url, region, accessKeyId, secretAccessKey } = options;
  const expires = Math.min(Math.max(1, Math.floor(options.expiresInSeconds)), MAX_PRESIGN_SECONDS);
  const timestamp = amzDate(options.now ?? new Date());
  const day = timestamp.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;
  const query: [string, string][] = [
    ['X-Amz-Algorithm', SIGV4_ALGORITHM],
    ['X-Amz-Credential', `${accessKeyId}/${scope}`],
    ['X-Amz-Date', timestamp],
    ['X-Amz-Expires', String(expires)],
    ['X-Amz-SignedHeaders', 'host'],
  ];
  const canonical = [
    'GET',
    url.pathname,
    canonicalQuery(query),
    `host:${url.host}`,
    '',
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const signature = hmac(
    signingKey(secretAccessKey, day, region, 's3'),
    stringToSign(timestamp, scope, canonical),
  ).toString('hex');
  return `${url.origin}${url.pathname}?${canonicalQuery(query)}&X-Amz-Signature=${signature}`;
}
