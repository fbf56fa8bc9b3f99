import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type LoginFailureLimits,
  loginFailureLimits,
  type RateLimitBudgets,
  rateLimitBudgets,
} from './http/rate-limits';
import { type PdfProcessLimits, pdfProcessLimits } from './media/pdf-process';
import type { S3Settings } from './providers/storage/s3-storage';

/** Settings read once from the environment; every default is documented in README.md. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  isProduction: boolean;
  webDist: string;
  /** Per-user storage quota (STORAGE_QUOTA_MB, default 5 GB): the sum of the user's stored files. */
  storageQuotaBytes: number;
  /** Largest video one upload may carry (VIDEO_UPLOAD_MAX_MB, default 500 MB). */
  videoUploadMaxBytes: number;
  /** LibreOffice's program for PowerPoint decks (LIBREOFFICE_BIN, default `soffice` on the PATH). */
  libreOfficeBinary: string;
  /** The child process that reads PDFs (PDF_RENDER_TIMEOUT_S, PDF_RENDER_MEMORY_MB; server/media/pdf-process.ts). */
  pdfRender: PdfProcessLimits;
  /** An S3-compatible bucket for uploads instead of DATA_DIR/files, when S3_BUCKET is set. */
  s3?: S3Settings;
  /** Razorpay when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set; otherwise the local test checkout. */
  razorpay?: RazorpaySettings;
  /** Where the currency job reads rates (CURRENCY_RATES_URL; JSON with a `rates` object); unset: no refresh. */
  currencyRatesUrl: string | undefined;
  /** Invoices: the seller printed on them and the tax line (TAX_RATE_PERCENT, TAX_LABEL). */
  invoiceSeller: { name: string; address: string; taxId: string; email: string };
  taxRatePercent: number;
  taxLabel: string;
  /** Gurus' outside services; every one has a local default (docs/decisions/013-gurus.md). */
  ai: AiSettings;
  /** API requests per minute by route group (server/http/rate-limits.ts; *_RATE_LIMIT_MAX). */
  rateLimits: RateLimitBudgets;
  /** Failed logins allowed per e-mail and address, and per address (LOGIN_FAILURES_PER_ACCOUNT, _PER_ADDRESS). */
  loginFailures: LoginFailureLimits;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY): none, any (`true`), or addresses/CIDRs. */
  trustProxy: boolean | string;
}

export interface AiSettings {
  /** Any OpenAI-compatible chat endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL); unset: the local answerer. */
  llm?: { baseUrl: string; apiKey: string | undefined; model: string };
  /** OpenAI speech (OPENAI_TTS_BASE_URL + OPENAI_TTS_API_KEY, model OPENAI_TTS_MODEL); unset: espeak-ng. */
  openAiSpeech?: { baseUrl: string; apiKey: string; model: string };
  /** ElevenLabs API base (ELEVENLABS_API_BASE); used with an owner's elevenLabsApiKey. */
  elevenLabsApiBase: string;
  /** D-ID API base (DID_API_BASE); used with an owner's didApiKey. */
  didApiBase: string;
}

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  /** Verifies webhooks (RAZORPAY_WEBHOOK_SECRET); without it webhooks are refused. */
  webhookSecret: string | undefined;
  /** The API's base URL (RAZORPAY_API_BASE, default https://api.razorpay.com); tests point it at a fake. */
  apiBase: string;
  /** The checkout script the browser loads on demand (RAZORPAY_CHECKOUT_URL). */
  checkoutUrl: string;
}

interface Secrets {
  jwtSecret: string;
  postgresPassword: string;
}

/** Secrets that must survive restarts are generated once and kept under DATA_DIR. */
export function loadSecrets(dataDir: string): Secrets {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const secrets: Secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    postgresPassword: randomBytes(24).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = Number(env.PORT || 3000);
  const secrets = loadSecrets(dataDir);
  const isProduction = env.NODE_ENV === 'production';
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET || secrets.jwtSecret,
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Gurukul <no-reply@gurukul.test>',
    // Demo accounts are seeded into the embedded database by default, never into a production one unless asked.
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : !env.DATABASE_URL && !isProduction,
    isProduction,
    webDist: path.resolve(env.WEB_DIST || 'web/dist'),
    storageQuotaBytes: megabytes(env.STORAGE_QUOTA_MB, 5 * 1024),
    videoUploadMaxBytes: megabytes(env.VIDEO_UPLOAD_MAX_MB, 500),
    libreOfficeBinary: env.LIBREOFFICE_BIN || 'soffice',
    pdfRender: pdfProcessLimits(env),
    s3: s3Settings(env),
    razorpay: razorpaySettings(env),
    currencyRatesUrl: env.CURRENCY_RATES_URL || undefined,
    invoiceSeller: {
      name: env.INVOICE_SELLER_NAME || 'Gurukul Learning',
      address: env.INVOICE_SELLER_ADDRESS || 'Bengaluru, India',
      taxId: env.INVOICE_SELLER_TAX_ID || '',
      email: env.INVOICE_SELLER_EMAIL || 'billing@gurukul.test',
    },
    taxRatePercent: percent(env.TAX_RATE_PERCENT, 18),
    taxLabel: env.TAX_LABEL || 'GST',
    ai: aiSettings(env),
    rateLimits: rateLimitBudgets(env),
    loginFailures: loginFailureLimits(env),
    trustProxy: trustProxySetting(env.TRUST_PROXY),
  };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Outside AI services are opt-in: with nothing set, gurus answer and speak with the local providers. */
export function aiSettings(env: NodeJS.ProcessEnv): AiSettings {
  return {
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: trimSlash(env.LLM_BASE_URL),
          apiKey: env.LLM_API_KEY || undefined,
          model: env.LLM_MODEL || 'gpt-4o-mini',
        }
      : undefined,
    openAiSpeech:
      env.OPENAI_TTS_BASE_URL || env.OPENAI_TTS_API_KEY
        ? {
            baseUrl: trimSlash(env.OPENAI_TTS_BASE_URL || 'https://api.openai.com/v1'),
            apiKey: env.OPENAI_TTS_API_KEY || '',
            model: env.OPENAI_TTS_MODEL || 'gpt-4o-mini-tts',
          }
        : undefined,
    elevenLabsApiBase: trimSlash(env.ELEVENLABS_API_BASE || 'https://api.elevenlabs.io'),
    didApiBase: trimSlash(env.DID_API_BASE || 'https://api.d-id.com'),
  };
}

/** Razorpay needs both keys; one without the other is a mistake worth stopping for. */
export function razorpaySettings(env: NodeJS.ProcessEnv): RazorpaySettings | undefined {
  if (!env.RAZORPAY_KEY_ID && !env.RAZORPAY_KEY_SECRET) return undefined;
  if (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET)
    throw new Error('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together');
  return {
    keyId: env.RAZORPAY_KEY_ID,
    keySecret: env.RAZORPAY_KEY_SECRET,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET || undefined,
    apiBase: (env.RAZORPAY_API_BASE || 'https://api.razorpay.com').replace(/\/+$/, ''),
    checkoutUrl: env.RAZORPAY_CHECKOUT_URL || 'https://checkout.razorpay.com/v1/checkout.js',
  };
}

/** A percentage from the environment (0-100); anything else → the default. */
function percent(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 && n <= 100 ? n : fallback;
}

/** S3_BUCKET switches storage to S3; the keys must be given too, since presigned URLs are signed with them. */
export function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too');
  const endpoint = env.S3_ENDPOINT?.replace(/\/+$/, '') || undefined;
  return {
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(endpoint),
  };
}

/** A size in MB from the environment, as bytes; unset, not a number or not positive → the default. */
function megabytes(value: string | undefined, fallbackMb: number): number {
  const mb = Number(value);
  return Math.round((value && Number.isFinite(mb) && mb > 0 ? mb : fallbackMb) * 1024 * 1024);
}

/** TRUST_PROXY: unset or 'false' → no proxy, 'true' → any, else comma-separated proxy addresses or CIDRs. */
function trustProxySetting(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
