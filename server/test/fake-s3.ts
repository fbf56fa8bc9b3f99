import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  canonicalQuery,
  MAX_PRESIGN_SECONDS,
  SIGV4_ALGORITHM,
  sha256Hex,
  signingKey,
  stringToSign,
} from '../providers/storage/sigv4';

/**
 * A one-bucket, path-style S3 on loopback for tests: PUT, GET, HEAD and DELETE Object, objects in memory.
 * Every request must carry a valid SigV4 signature, in the Authorization header (SDK calls) or in the query
 * string (presigned URLs); the canonical request is rebuilt from what arrived and the signature compared,
 * and presigned URLs past X-Amz-Expires are refused with 403 AccessDenied, as S3 does.
 */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  /** Every request as `METHOD /path`, with the way it was signed. */
  requests: { method: string; path: string; auth: 'header' | 'query' | 'none'; status: number }[];
  close: () => Promise<void>;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  /** Content-Disposition and Cache-Control given at PutObject, served back on GetObject (S3 keeps both). */
  contentDisposition?: string;
  cacheControl?: string;
  etag: string;
  lastModified: Date;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** 20240102T030405Z → epoch ms, NaN when malformed. */
function parseAmzDate(value: string | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : Number.NaN;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startFakeS3(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'gurukul-test';
  const accessKeyId = options.accessKeyId ?? 'AKIAFAKES3TEST';
  const secretAccessKey = options.secretAccessKey ?? randomBytes(20).toString('base64');
  const objects = new Map<string, StoredObject>();
  const requests: FakeS3['requests'] = [];

  /** Checks the request's SigV4 signature; returns the payload hash it promised. */
  function authenticate(request: IncomingMessage, rawPath: string, pairs: [string, string][]) {
    const query = new Map(pairs);
    let credential: string;
    let signedHeaders: string;
    let signature: string;
    let timestamp: string;
    let payloadHash: string;
    let auth: 'header' | 'query';
    if (query.has('X-Amz-Algorithm')) {
      auth = 'query';
      if (query.get('X-Amz-Algorithm') !== SIGV4_ALGORITHM)
        throw new S3Error(400, 'AuthorizationQueryParametersError', 'Unsupported X-Amz-Algorithm');
      const required = [
        'X-Amz-Credential',
        'X-Amz-Date',
        'X-Amz-Expires',
        'X-Amz-SignedHeaders',
        'X-Amz-Signature',
      ];
      const absent = required.filter((name) => !query.get(name));
      if (absent.length)
        throw new S3Error(
          400,
          'AuthorizationQueryParametersError',
          `Query-string authentication requires ${absent}`,
        );
      credential = query.get('X-Amz-Credential') as string;
      signedHeaders = query.get('X-Amz-SignedHeaders') as string;
      signature = query.get('X-Amz-Signature') as string;
      timestamp = query.get('X-Amz-Date') as string;
      payloadHash = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
      const expires = Number(query.get('X-Amz-Expires'));
      if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS)
        throw new S3Error(
          400,
          'AuthorizationQueryParametersError',
          'X-Amz-Expires must be 1 to 604800 seconds',
        );
      const signedAt = parseAmzDate(timestamp);
      if (Number.isNaN(signedAt))
        throw new S3Error(400, 'AuthorizationQueryParametersError', 'Bad X-Amz-Date');
      if (Date.now() > signedAt + expires * 1000)
        throw new S3Error(403, 'AccessDenied', 'Request has expired');
    } else if (request.headers.authorization) {
      auth = 'header';
      const m =
        /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
          request.headers.authorization,
        );
      if (!m) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
      [, credential, signedHeaders, signature] = m;
      timestamp = String(request.headers['x-amz-date'] ?? '');
      payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
      if (!payloadHash)
        throw new S3Error(400, 'InvalidRequest', 'Missing required header x-amz-content-sha256');
      const signedAt = parseAmzDate(timestamp);
      if (Number.isNaN(signedAt) || Math.abs(Date.now() - signedAt) > 15 * 60 * 1000)
        throw new S3Error(
          403,
          'RequestTimeTooSkewed',
          'The difference between the request time and now is too large',
        );
    } else {
      throw new S3Error(403, 'AccessDenied', 'Anonymous access is not allowed');
    }

    const [keyId, day, region, service, terminator, ...rest] = credential.split('/');
    if (keyId !== accessKeyId)
      throw new S3Error(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records',
      );
    if (
      !day ||
      !region ||
      service !== 's3' ||
      terminator !== 'aws4_request' ||
      rest.length ||
      !timestamp.startsWith(day)
    )
      throw new S3Error(400, 'AuthorizationHeaderMalformed', `Bad credential scope ${credential}`);
    const names = signedHeaders.split(';');
    if (!names.includes('host'))
      throw new S3Error(400, 'AuthorizationHeaderMalformed', 'host must be signed');
    const headerLines = names.map((name) => {
      const value = request.headers[name];
      if (value === undefined)
        throw new S3Error(403, 'SignatureDoesNotMatch', `Signed header ${name} is missing`);
      return `${name}:${(Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ')}`;
    });
    const canonical = [
      request.method,
      rawPath,
      canonicalQuery(pairs.filter(([name]) => name !== 'X-Amz-Signature')),
      ...headerLines,
      '',
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const expected = createHmac('sha256', signingKey(secretAccessKey, day, region, 's3'))
      .update(stringToSign(timestamp, scope, canonical))
      .digest('hex');
    if (expected !== signature)
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided',
      );
    if (payloadHash.startsWith('STREAMING-'))
      throw new S3Error(501, 'NotImplemented', 'aws-chunked uploads are not supported by this fake');
    return { auth, payloadHash };
  }

  async function handle(request: IncomingMessage, response: ServerResponse, log: FakeS3['requests'][number]) {
    const [rawPath, rawQuery = ''] = (request.url ?? '/').split('?', 2);
    log.path = rawPath;
    const pairs: [string, string][] = rawQuery
      .split('&')
      .filter(Boolean)
      .map((part) => {
        const at = part.indexOf('=');
        const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));
        return at < 0 ? [decode(part), ''] : [decode(part.slice(0, at)), decode(part.slice(at + 1))];
      });
    const { auth, payloadHash } = authenticate(request, rawPath, pairs);
    log.auth = auth;
    const body = await readBody(request);
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body))
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 does not match');

    const [, bucketName = '', ...keyParts] = rawPath.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (bucketName !== bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (!key) throw new S3Error(501, 'NotImplemented', 'Bucket-level operations are not implemented');

    const method = request.method ?? 'GET';
    if (method === 'PUT') {
      if (request.headers['x-amz-copy-source']) throw new S3Error(501, 'NotImplemented', 'CopyObject');
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, {
        body,
        contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
        contentDisposition: request.headers['content-disposition'],
        cacheControl: request.headers['cache-control'],
        etag,
        lastModified: new Date(),
      });
      response.writeHead(200, { etag, 'content-length': 0 }).end();
    } else if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) {
        if (method === 'HEAD') throw new S3Error(404, 'NotFound', '');
        throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      }
      response.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.body.length,
        etag: object.etag,
        'last-modified': object.lastModified.toUTCString(),
        'accept-ranges': 'bytes',
        ...(object.contentDisposition ? { 'content-disposition': object.contentDisposition } : {}),
        ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
      });
      response.end(method === 'HEAD' ? undefined : object.body);
    } else if (method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else {
      throw new S3Error(
        405,
        'MethodNotAllowed',
        'The specified method is not allowed against this resource.',
      );
    }
  }

  const server = createServer((request, response) => {
    const log: FakeS3['requests'][number] = {
      method: request.method ?? '',
      path: '',
      auth: 'none',
      status: 0,
    };
    requests.push(log);
    response.on('finish', () => {
      log.status = response.statusCode;
    });
    handle(request, response, log).catch((error: unknown) => {
      const failure = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
      // Drain what the client still sends so the error reaches it instead of a reset connection.
      request.resume();
      const requestId = randomBytes(8).toString('hex').toUpperCase();
      if (request.method === 'HEAD') {
        response.writeHead(failure.status, { 'x-amz-request-id': requestId }).end();
        return;
      }
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<Error><Code>${failure.code}</Code><Message>${xmlEscape(failure.message)}</Message>` +
        `<Resource>${xmlEscape(log.path)}</Resource><RequestId>${requestId}</RequestId></Error>`;
      response
        .writeHead(failure.status, {
          'content-type': 'application/xml',
          'content-length': Buffer.byteLength(xml),
          'x-amz-request-id': requestId,
        })
        .end(xml);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
