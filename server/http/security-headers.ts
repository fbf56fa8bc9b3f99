import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { S3Settings } from '../providers/storage/s3-storage';

type CspConfig = Pick<Config, 'publicUrl' | 's3' | 'razorpay' | 'ai'> & Partial<Pick<Config, 'insight'>>;

/**
 * What Razorpay's standard checkout needs besides its script, as Razorpay lists it for CSPs
 * (razorpay-magento etc/csp_whitelist.xml): the checkout frame, its API and logging calls, and the CDN
 * it loads its risk-detection script and images from.
 */
const RAZORPAY = {
  scripts: ['https://cdn.razorpay.com'],
  frames: ['https://api.razorpay.com'],
  connects: [
    'https://api.razorpay.com',
    'https://lumberjack.razorpay.com',
    'https://lumberjack-metrics.razorpay.com',
  ],
  images: ['https://cdn.razorpay.com'],
};

/** D-ID hands back a talk's video as a URL in its own S3 bucket; the guru session plays it in a <video>. */
const D_ID_RESULTS = 'https://d-id-talks-prod.s3.us-west-2.amazonaws.com';

/** Ready Player Me serves the 3-D avatars the guru avatar step offers by link (GLTFLoader fetches them). */
const READY_PLAYER_ME = 'https://models.readyplayer.me';

const originOf = (url: string) => new URL(url).origin;

/** Where presigned GETs point (the same addressing s3-storage.ts signs): the origin browsers fetch from. */
export function s3Origin(s3: S3Settings): string {
  const base = new URL(s3.publicEndpoint ?? s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  if (!s3.forcePathStyle) base.hostname = `${s3.bucket}.${base.hostname}`;
  return base.origin;
}

const isHttps = (publicUrl: string) => new URL(publicUrl).protocol === 'https:';

/**
 * The Content-Security-Policy directives: our own origin for everything, plus exactly the outside
 * places the app loads from when they are configured (docs/decisions/018-serving-headers-and-caching.md).
 */
export function contentSecurityDirectives(config: CspConfig): Record<string, string[]> {
  const self = "'self'";
  const publicUrl = new URL(config.publicUrl);
  // 'self' covers ws:/wss: to our host in CSP3 browsers; the explicit origin also covers older ones.
  const socket = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
  const s3 = config.s3 ? [s3Origin(config.s3)] : [];
  const rzp = config.razorpay;
  const directives: Record<string, string[]> = {
    'default-src': [self],
    'base-uri': [self],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': [self],
    'script-src': [self, ...(rzp ? [originOf(rzp.checkoutUrl), ...RAZORPAY.scripts] : [])],
    'script-src-attr': ["'none'"],
    // Mantine injects <style> elements (its CSS variables and the colour scheme) at run time; a nonce would
    // need index.html rendered per request, which would end its pre-compression and caching. Styles cannot
    // run script, so 'unsafe-inline' here is the accepted cost.
    'style-src': [self, "'unsafe-inline'"],
    // data: for images drawn by libraries (GLTFLoader's embedded textures); blob: for local previews.
    'img-src': [self, 'data:', 'blob:', ...s3, ...(rzp ? RAZORPAY.images : [])],
    'font-src': [self],
    // blob: is the MediaSource hls.js plays through and the voice samples/narrations played from fetched audio.
    'media-src': [self, 'blob:', ...s3, D_ID_RESULTS, originOf(config.ai.didApiBase)],
    // blob: for GLTFLoader reading a model's embedded images; S3 for models and files fetched by script.
    // The page-view insight service (SPEC §7), when configured: the browser's beacons go there.
    'connect-src': [
      self,
      socket,
      'blob:',
      ...s3,
      READY_PLAYER_ME,
      ...(rzp ? RAZORPAY.connects : []),
      ...(config.insight ? [originOf(config.insight.url)] : []),
    ],
    // hls.js runs its transmuxer in a worker made from a blob: URL.
    'worker-src': [self, 'blob:'],
    'frame-src': [self, ...(rzp ? RAZORPAY.frames : [])],
    'manifest-src': [self],
  };
  if (isHttps(config.publicUrl)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The policy of a page that one other site may show in a frame (the embedded guru): the same directives with
 * frame-ancestors naming that origin, or none at all.
 */
export function framedByPolicy(config: CspConfig, origin: string | null): string {
  return contentSecurityHeader({
    ...contentSecurityDirectives(config),
    'frame-ancestors': origin ? [origin] : ["'none'"],
  });
}

/** The policy as its header's value: directives separated by semicolons, sources by spaces. */
export function contentSecurityHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * Content types a browser never runs as a document: the CSP, about 1.2 kB, would be sent with every script,
 * style, font, image and API answer for nothing. Anything else (HTML, SVG, PDF, text, unknown) gets it.
 */
const INERT_TYPES =
  /^(text\/(javascript|css|vtt)|application\/(javascript|json|x-ndjson|wasm|vnd\.apple\.mpegurl)|font\/|image\/(png|jpeg|gif|webp|avif|x-icon|vnd\.microsoft\.icon)|audio\/|video\/)/;

/** Whether a response with this content type needs the CSP. */
export const needsContentSecurityPolicy = (contentType: unknown) =>
  typeof contentType !== 'string' || !INERT_TYPES.test(contentType);

/**
 * Security headers (helmet) on every response: no framing, nosniff, a referrer that never leaves our origin
 * with a path or query (signed URLs), and HSTS and the opener policy only when PUBLIC_URL is https (HSTS on a
 * plain-http install would lock browsers out of it; browsers refuse COOP over http with a console error).
 * The CSP above goes on documents only (needsContentSecurityPolicy).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: CspConfig,
  /**
   * Sites that may show Gurukul's pages in a frame: the LMSs registered for LTI launches (decision 074), whose
   * launches open inside the course page. Empty: no site may.
   */
  framers: () => readonly string[] = () => [],
): Promise<void> {
  const https = isHttps(config.publicUrl);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Origin only to other sites (Razorpay checks which site opens its checkout), nothing over http.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Razorpay opens bank and UPI pages as popups that report back to the opener.
    crossOriginOpenerPolicy: https ? { policy: 'same-origin-allow-popups' } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const policy = contentSecurityHeader(contentSecurityDirectives(config));
  let framed = { key: '', policy };
  const framedPolicy = (origins: readonly string[]) => {
    const key = origins.join(' ');
    if (framed.key !== key) {
      framed = {
        key,
        policy: contentSecurityHeader({
          ...contentSecurityDirectives(config),
          'frame-ancestors': ["'self'", ...origins],
          // Deep Linking's answer is a form the page posts back to the LMS (decision 074).
          'form-action': ["'self'", ...origins],
        }),
      };
    }
    return framed.policy;
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    const origins = framers();
    const isPage = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (origins.length > 0 && isPage && !reply.hasHeader('content-security-policy')) {
      // frame-ancestors names who may frame the page; X-Frame-Options: DENY would still refuse them in old browsers.
      reply.removeHeader('x-frame-options');
      reply.header('content-security-policy', framedPolicy(origins));
      return payload;
    }
    // A route that set its own policy keeps it (the embed page names the one site that may frame it).
    if (
      needsContentSecurityPolicy(reply.getHeader('content-type')) &&
      !reply.hasHeader('content-security-policy')
    ) {
      reply.header('content-security-policy', policy);
    }
    return payload;
  });
}
