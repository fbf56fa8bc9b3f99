import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { ltiPlatforms } from '../db/schema/index';
import { refreshFrameOrigins } from '../modules/lti/frame-origins';
import { startTestApp, type TestContext } from '../test/harness';
import { contentSecurityDirectives, s3Origin } from './security-headers';

const BASE: Pick<Config, 'publicUrl' | 's3' | 'razorpay' | 'ai'> = {
  publicUrl: 'http://localhost:3000',
  s3: undefined,
  razorpay: undefined,
  ai: { elevenLabsApiBase: 'https://api.elevenlabs.io', didApiBase: 'https://api.d-id.com' },
};
const S3 = {
  region: 'ap-south-1',
  bucket: 'school-files',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret',
};
const RAZORPAY = {
  keyId: 'rzp_test_x',
  keySecret: 'secret',
  webhookSecret: undefined,
  apiBase: 'https://api.razorpay.com',
  checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
};

/** Parses a CSP header into directive → sources. */
function parseCsp(header: string | undefined): Record<string, string[]> {
  const policy: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy[name] = sources;
  }
  return policy;
}

describe('the content security policy', () => {
  it('allows only our own origin and the socket when nothing outside is configured', () => {
    const csp = contentSecurityDirectives(BASE);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['connect-src']).toContain('ws://localhost:3000');
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['media-src']).toContain('blob:');
    // blob:/data: only where the app needs them: never for scripts, styles or frames.
    for (const directive of ['script-src', 'style-src', 'frame-src', 'default-src', 'font-src']) {
      expect(csp[directive], directive).not.toContain('blob:');
      expect(csp[directive], directive).not.toContain('data:');
    }
    expect(Object.values(csp).flat()).not.toContain('*');
    expect(Object.values(csp).flat()).not.toContain('https:');
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('uses wss: and upgrades insecure requests when PUBLIC_URL is https', () => {
    const csp = contentSecurityDirectives({ ...BASE, publicUrl: 'https://school.example.org' });
    expect(csp['connect-src']).toContain('wss://school.example.org');
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });

  it('adds the S3 origin where files are read from, as the presigned URLs address it', () => {
    const minio = { ...S3, endpoint: 'http://minio.local:9000', forcePathStyle: true };
    expect(s3Origin(minio)).toBe('http://minio.local:9000');
    expect(s3Origin({ ...S3, forcePathStyle: false })).toBe(
      'https://school-files.s3.ap-south-1.amazonaws.com',
    );
    expect(s3Origin({ ...S3, endpoint: 'https://store.example.com/base', forcePathStyle: false })).toBe(
      'https://school-files.store.example.com',
    );
    const csp = contentSecurityDirectives({ ...BASE, s3: minio });
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      expect(csp[directive], directive).toContain('http://minio.local:9000');
    }
    expect(csp['script-src']).not.toContain('http://minio.local:9000');
    expect(contentSecurityDirectives(BASE)['img-src']).not.toContain('http://minio.local:9000');
  });

  it("adds Razorpay's checkout script, frame and calls only when Razorpay is configured", () => {
    const csp = contentSecurityDirectives({ ...BASE, razorpay: RAZORPAY });
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://checkout.razorpay.com',
      'https://cdn.razorpay.com',
    ]);
    expect(csp['frame-src']).toContain('https://api.razorpay.com');
    expect(csp['connect-src']).toContain('https://lumberjack.razorpay.com');
    const fake = contentSecurityDirectives({
      ...BASE,
      razorpay: { ...RAZORPAY, checkoutUrl: 'http://127.0.0.1:4555/v1/checkout.js' },
    });
    expect(fake['script-src']).toContain('http://127.0.0.1:4555');
    const without = contentSecurityDirectives(BASE);
    expect(
      Object.values(without)
        .flat()
        .some((source) => source.includes('razorpay')),
    ).toBe(false);
  });
});

describe('headers on every response', () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'gurukul-web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Gurukul</title>');
    writeFileSync(path.join(webDist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app");');
    ctx = await startTestApp({ webDist, publicUrl: 'http://127.0.0.1:3000' });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the frame, sniffing and referrer protections on HTML, assets, API answers and errors', async () => {
    for (const url of ['/', '/course-list', '/assets/app-abc123.js', '/api/health', '/api/no-such-route']) {
      const response = await ctx.app.inject({ url });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      // Browsers refuse the opener policy on plain http, with a console error on every page.
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('sends the CSP with documents (HTML, SVG) and not with scripts or JSON, where it only costs bytes', async () => {
    for (const url of ['/', '/course-list', '/logo.svg']) {
      const response = await ctx.app.inject({ url });
      const csp = parseCsp(response.headers['content-security-policy'] as string);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(csp['connect-src'], url).toContain('ws://127.0.0.1:3000');
    }
    for (const url of ['/assets/app-abc123.js', '/api/health', '/api/no-such-route']) {
      const response = await ctx.app.inject({ url });
      expect(response.headers['content-security-policy'], url).toBeUndefined();
    }
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    const https = await startTestApp({ webDist, publicUrl: 'https://school.example.org' });
    try {
      const response = await https.app.inject({ url: '/' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      const csp = parseCsp(response.headers['content-security-policy'] as string);
      expect(csp['connect-src']).toContain('wss://school.example.org');
      expect(csp['upgrade-insecure-requests']).toEqual([]);
    } finally {
      await https.close();
    }
  });

  it('names the S3 endpoint in the served policy when files live in S3', async () => {
    const s3 = { ...S3, endpoint: 'http://127.0.0.1:9', forcePathStyle: true };
    const withS3 = await startTestApp({ webDist, s3 });
    try {
      const csp = parseCsp(
        (await withS3.app.inject({ url: '/' })).headers['content-security-policy'] as string,
      );
      expect(csp['media-src']).toContain('http://127.0.0.1:9');
      expect(csp['img-src']).toContain('http://127.0.0.1:9');
    } finally {
      await withS3.close();
    }
  });
});

describe('pages framed by a registered LMS (LTI launches, decision 074)', () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'gurukul-web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Gurukul</title>');
    ctx = await startTestApp({ webDist, publicUrl: 'http://127.0.0.1:3000' });
  });
  afterAll(async () => {
    await ctx.app.db.delete(ltiPlatforms);
    await refreshFrameOrigins(ctx.app);
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('names the registered LMSs, and only them, as the sites that may frame a page', async () => {
    await ctx.app.db.insert(ltiPlatforms).values({
      name: 'School Moodle',
      issuer: 'https://moodle.school.example',
      clientId: 'gurukul',
      deploymentIds: ['1'],
      loginUrl: 'https://moodle.school.example/mod/lti/auth.php',
      tokenUrl: 'https://moodle.school.example/mod/lti/token.php',
      keysetUrl: 'https://moodle.school.example/mod/lti/certs.php',
    });
    // Canvas in the cloud: LTI endpoints at instructure's, the course pages at the school's own address.
    await ctx.app.db.insert(ltiPlatforms).values({
      name: 'School Canvas',
      issuer: 'https://canvas.instructure.com',
      clientId: '10000000000001',
      deploymentIds: ['1:abc'],
      loginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
      tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
      keysetUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
      siteUrl: 'https://vidyalaya.instructure.com',
    });
    await refreshFrameOrigins(ctx.app);
    const page = await ctx.app.inject({ url: '/subscribed-courses' });
    const csp = parseCsp(page.headers['content-security-policy'] as string);
    expect(csp['frame-ancestors']).toEqual([
      "'self'",
      'https://canvas.instructure.com',
      'https://moodle.school.example',
      'https://sso.canvaslms.com',
      'https://vidyalaya.instructure.com',
    ]);
    expect(page.headers['x-frame-options']).toBeUndefined();
    // Everything else a browser could frame stays unframeable.
    expect((await ctx.app.inject({ url: '/api/health' })).headers['x-frame-options']).toBe('DENY');
    await ctx.app.db.delete(ltiPlatforms);
    await refreshFrameOrigins(ctx.app);
    const after = await ctx.app.inject({ url: '/subscribed-courses' });
    expect(parseCsp(after.headers['content-security-policy'] as string)['frame-ancestors']).toEqual([
      "'none'",
    ]);
    expect(after.headers['x-frame-options']).toBe('DENY');
  });
});
