import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3Origin } from '../../http/security-headers';
import { segmentsFromStore } from '../../modules/files/hls';
import { buildAndLogin } from '../../test/factories';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3';
import { startTestApp } from '../../test/harness';
import { multipart, tinyPng } from '../../test/uploads';
import { type S3Settings, s3Storage } from './s3-storage';
import type { Storage } from './storage';

let fake: FakeS3;
let settings: S3Settings;
let storage: Storage;
let tmp: string;

beforeAll(async () => {
  fake = await startFakeS3();
  settings = {
    endpoint: fake.endpoint,
    region: 'us-east-1',
    bucket: fake.bucket,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    forcePathStyle: true,
  };
  storage = s3Storage(settings);
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gurukul-s3-'));
});
afterAll(async () => {
  await fake.close();
  rmSync(tmp, { recursive: true, force: true });
});

const bytesOf = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe('the fake S3 itself', () => {
  const sdk = () =>
    new S3Client({
      region: 'us-east-1',
      endpoint: fake.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });

  it('accepts header-signed SDK calls and the SDK presigner’s URLs, and refuses a wrong secret', async () => {
    const client = sdk();
    await client.send(
      new PutObjectCommand({ Bucket: fake.bucket, Key: 'x/a.txt', Body: 'hello', ContentType: 'text/plain' }),
    );
    const head = await client.send(new HeadObjectCommand({ Bucket: fake.bucket, Key: 'x/a.txt' }));
    expect(head.ContentLength).toBe(5);
    expect(head.ContentType).toBe('text/plain');

    const presigned = await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: fake.bucket, Key: 'x/a.txt' }),
      {
        expiresIn: 60,
      },
    );
    const response = await fetch(presigned);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello');

    const intruder = new S3Client({
      region: 'us-east-1',
      endpoint: fake.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    await expect(
      intruder.send(new GetObjectCommand({ Bucket: fake.bucket, Key: 'x/a.txt' })),
    ).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    const anonymous = await fetch(`${fake.endpoint}/${fake.bucket}/x/a.txt`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
    expect(fake.requests.filter((r) => r.auth === 'header').length).toBeGreaterThanOrEqual(2);
  });
});

describe('s3Storage', () => {
  it('puts, reads and removes an object through the SDK', async () => {
    const bytes = randomBytes(1000);
    await storage.put('users/u1/pic.png', bytes, 'image/png');
    expect(fake.objects.get('users/u1/pic.png')?.contentType).toBe('image/png');

    const file = await storage.read('users/u1/pic.png');
    expect(file?.size).toBe(1000);
    expect(Buffer.compare(await bytesOf(file?.stream as NodeJS.ReadableStream), bytes)).toBe(0);

    await storage.remove('users/u1/pic.png');
    expect(fake.objects.has('users/u1/pic.png')).toBe(false);
    expect(await storage.read('users/u1/pic.png')).toBeNull();
    await expect(storage.remove('users/u1/pic.png')).resolves.toBeUndefined();
  });

  it('reads a missing key as null and refuses unsafe keys', async () => {
    expect(await storage.read('nothing/here.bin')).toBeNull();
    await expect(storage.read('../etc/passwd')).rejects.toThrow(/Unsafe storage key/);
    expect(() => storage.signedUrl('/abs')).toThrow(/Unsafe storage key/);
  });

  it('streams a 2 MB file from disk with its length', async () => {
    const bytes = randomBytes(2 * 1024 * 1024);
    const source = path.join(tmp, 'big.mp4');
    writeFileSync(source, bytes);
    await storage.putFile('videos/v1/original.mp4', source, 'video/mp4');
    const stored = fake.objects.get('videos/v1/original.mp4');
    expect(stored?.contentType).toBe('video/mp4');
    expect(Buffer.compare(stored?.body as Buffer, bytes)).toBe(0);
    const file = await storage.read('videos/v1/original.mp4');
    expect(file?.size).toBe(bytes.length);
    expect(Buffer.compare(await bytesOf(file?.stream as NodeJS.ReadableStream), bytes)).toBe(0);
  });

  it('gives presigned GET URLs that plain fetch can read until they expire or are altered', async () => {
    await storage.put('docs/d1/notes.txt', Buffer.from('lesson notes'), 'text/plain');
    const url = storage.signedUrl('docs/d1/notes.txt');
    expect(url.startsWith(`${fake.endpoint}/${fake.bucket}/docs/d1/notes.txt?`)).toBe(true);
    const query = new URL(url).searchParams;
    for (const name of [
      'X-Amz-Algorithm',
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Expires',
      'X-Amz-Signature',
    ])
      expect(query.get(name)).toBeTruthy();
    expect(query.get('X-Amz-Expires')).toBe('900');

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('lesson notes');

    const tampered = url.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
    );
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const otherKey = await fetch(url.replace('notes.txt', 'other.txt'));
    expect(otherKey.status).toBe(403);

    // X-Amz-Date has whole seconds, so a 1 s URL is dead at most 2 s later.
    const shortLived = storage.signedUrl('docs/d1/notes.txt', 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(shortLived);
    expect(expired.status).toBe(403);
    const body = await expired.text();
    expect(body).toContain('<Code>AccessDenied</Code>');
    expect(body).toContain('Request has expired');
  });

  it('serves a document as a private attachment and media inline, as disk storage does', async () => {
    await storage.put('docs/d2/notes.txt', Buffer.from('lesson notes'), 'text/plain');
    const document = await fetch(storage.signedUrl('docs/d2/notes.txt'));
    expect(document.headers.get('content-disposition')).toBe('attachment; filename="notes.txt"');
    expect(document.headers.get('cache-control')).toBe('private');

    const file = path.join(os.tmpdir(), `gurukul-s3-${process.pid}.pdf`);
    writeFileSync(file, '%PDF-1.4 study notes');
    try {
      await storage.putFile('docs/d2/notes.pdf', file, 'application/pdf');
    } finally {
      rmSync(file, { force: true });
    }
    const pdf = await fetch(storage.signedUrl('docs/d2/notes.pdf'));
    expect(pdf.headers.get('content-disposition')).toBe('inline');
    expect(pdf.headers.get('cache-control')).toBe('private');
  });

  it('addresses virtual-hosted buckets and AWS itself when asked', () => {
    const virtual = s3Storage({
      ...settings,
      endpoint: 'https://objects.example.com',
      forcePathStyle: false,
    });
    expect(virtual.signedUrl('a/b.png')).toMatch(
      /^https:\/\/gurukul-test\.objects\.example\.com\/a\/b\.png\?X-Amz-/,
    );
    const aws = s3Storage({ ...settings, endpoint: undefined, region: 'ap-south-1', forcePathStyle: false });
    const url = new URL(aws.signedUrl('a/b.png', 10 * 24 * 3600));
    expect(url.host).toBe('gurukul-test.s3.ap-south-1.amazonaws.com');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/\/ap-south-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('604800');
  });
});

describe('presigned URLs against the published example', () => {
  it('reproduces the signature of the S3 docs’ “Authenticating Requests: Using Query Parameters” GET example', () => {
    // examplebucket/test.txt, us-east-1, signed 2013-05-24T00:00:00Z for 86400 s with the docs' example keys.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2013-05-24T00:00:00Z') });
    try {
      const example = s3Storage({
        endpoint: 'https://s3.amazonaws.com',
        region: 'us-east-1',
        bucket: 'examplebucket',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        forcePathStyle: false,
      });
      expect(example.signedUrl('test.txt', 86400)).toBe(
        'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
          '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
          '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
          '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('shared URLs for video segments', () => {
  it('gives every caller the same URL within the hour, a new one after it, and the store accepts it', async () => {
    const at = (time: string) => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(time) });
      try {
        return storage.sharedUrl?.('hls/v1/seg_00001.ts');
      } finally {
        vi.useRealTimers();
      }
    };
    const early = at('2026-11-26T10:00:01Z');
    expect(early).toBeTruthy();
    expect(at('2026-11-26T10:59:59Z')).toBe(early);
    expect(at('2026-11-26T11:00:00Z')).not.toBe(early);
    const url = new URL(early as string);
    expect(url.searchParams.get('X-Amz-Date')).toBe('20261126T100000Z');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('7200');

    await storage.put('hls/v1/seg_00001.ts', Buffer.from('segment bytes'), 'video/mp2t');
    const now = await fetch(storage.sharedUrl?.('hls/v1/seg_00001.ts') as string);
    expect(now.status).toBe(200);
    expect(await now.text()).toBe('segment bytes');
    // A CDN may keep it (everything else the store holds is private).
    expect(now.headers.get('cache-control')).toBe('public, max-age=7200, immutable');
  });

  it('names the segments of a playlist by their URLs in the store and leaves the tags alone', () => {
    const playlist =
      '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg_00001.ts\n#EXTINF:2.5,\nseg_00002.ts\n#EXT-X-ENDLIST\n';
    expect(segmentsFromStore(playlist, (segment) => `https://cdn.test/hls/${segment}?sig=1`)).toBe(
      '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nhttps://cdn.test/hls/seg_00001.ts?sig=1\n' +
        '#EXTINF:2.5,\nhttps://cdn.test/hls/seg_00002.ts?sig=1\n#EXT-X-ENDLIST\n',
    );
  });
});

describe('a public endpoint in front of the store', () => {
  it('signs for the address browsers use, which serves through a proxy that keeps the Host header', async () => {
    const upstream = new URL(fake.endpoint);
    const front = http.createServer((request, response) => {
      const forwarded = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(forwarded);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    try {
      const behind = s3Storage({ ...settings, publicEndpoint: frontUrl });
      await behind.put('public/a.txt', Buffer.from('through the front'), 'text/plain');
      const url = new URL(behind.signedUrl('public/a.txt', 60));
      expect(url.origin).toBe(frontUrl);
      expect(s3Origin({ ...settings, publicEndpoint: frontUrl })).toBe(frontUrl);
      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('through the front');
      // The signature covers the host: the same query sent to the store under its own name is refused.
      const direct = await fetch(`${fake.endpoint}${url.pathname}${url.search}`);
      expect(direct.status).toBe(403);
    } finally {
      await new Promise((resolve) => front.close(resolve));
    }
  });
});

describe('the app on S3 storage', () => {
  it('stores an uploaded profile image in the bucket and hands out a presigned URL that serves it', async () => {
    const ctx = await startTestApp({}, { storage });
    try {
      const { user, headers } = await buildAndLogin(ctx.app, { userType: 'teacher' });
      const png = tinyPng();
      const file = multipart('me.png', 'image/png', png);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: `/api/common/user-info/${user.id}/image?kind=profileImage`,
        payload: file.payload,
        headers: { ...headers, ...file.headers },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);

      const paths = await ctx.app.inject({
        method: 'GET',
        url: `/api/common/user-info/logo-path?userId=${user.id}`,
        headers,
      });
      expect(paths.statusCode).toBe(200);
      const { profileImage } = paths.json() as { profileImage: string };
      const key = new URL(profileImage).pathname.slice(`/${fake.bucket}/`.length);
      expect(key).toMatch(/^users\/[\w-]+\/[\w-]+\.png$/);
      expect(fake.objects.get(key)?.contentType).toBe('image/png');

      const response = await fetch(profileImage);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), png)).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
