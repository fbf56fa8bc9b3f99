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
import { readSettings, type Settings } from './settings-schema';

/** The platform's GST registration, printed on its tax invoices; the address is invoiceSeller.address. */
export interface GstSupplier {
  gstin: string;
  legalName: string;
  stateCode: string;
}

/** Settings read once from the environment; every default is documented in README.md. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  logLevel: string;
  /** Request logs, application logs and error groups kept in PostgreSQL for /logs (LOGS, LOG_RETENTION_DAYS). */
  logStore: LogStoreSettings;
  /**
   * JOBS=off: this web process queues background work but runs none of it (no queue workers, no periodic tasks);
   * `npm run worker` processes do (decision 035). On by default, so `npm start` alone does everything.
   */
  runJobs: boolean;
  /** A process running jobs unseen for this long has its jobs handed to another (JOB_LEASE_SECONDS, decision 039). */
  jobLeaseSeconds: number;
  /** REDIS_URL: rooms, presence and request budgets shared by several app instances (decision 036). */
  redisUrl: string | undefined;
  /** /metrics on the app's port behind `Authorization: Bearer` (METRICS_TOKEN), and/or on METRICS_PORT (decision 037). */
  metricsToken: string | undefined;
  metricsPort: number | undefined;
  /** Page views sent by the browser on the production origin (INSIGHT_URL with INSIGHT_PROJECT; SPEC §7). */
  insight: { url: string; project: string } | undefined;
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
  /** Single sign-on's issuers (decision 073). */
  sso: SsoSettings;
  /** An S3-compatible bucket for uploads instead of DATA_DIR/files, when S3_BUCKET is set. */
  s3?: S3Settings;
  /** Razorpay when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set; otherwise the local test checkout. */
  razorpay?: RazorpaySettings;
  /**
   * The local test checkout takes "payments" (decision 055): only without Razorpay keys, and under
   * NODE_ENV=production only with TEST_PAYMENTS=on (TEST_PAYMENTS=off turns it off anywhere). A server start
   * with neither is refused (server/providers/payments/start-check.ts).
   */
  testPayments: boolean;
  /** TEST_PAYMENTS=on turned the test checkout on deliberately: every page says "Test payments". */
  testPaymentsNotice: boolean;
  /** Where the currency job reads rates (CURRENCY_RATES_URL; JSON with a `rates` object); unset: no refresh. */
  currencyRatesUrl: string | undefined;
  /** Invoices: the seller printed on them and the tax line (TAX_RATE_PERCENT, TAX_LABEL). */
  invoiceSeller: { name: string; address: string; taxId: string; email: string };
  taxRatePercent: number;
  taxLabel: string;
  /**
   * The platform as a GST-registered supplier (INVOICE_SELLER_GSTIN, _LEGAL_NAME, _STATE): set, rupee invoices are
   * GST tax invoices with credit notes for refunds (decision 067); unset or absent, every invoice is plain.
   */
  gst?: GstSupplier | null;
  /** Gurus' outside services; every one has a local default (docs/decisions/013-gurus.md). */
  ai: AiSettings;
  /** API requests per minute by route group (server/http/rate-limits.ts; *_RATE_LIMIT_MAX). */
  rateLimits: RateLimitBudgets;
  /** Failed logins allowed per e-mail and address, and per address (LOGIN_FAILURES_PER_ACCOUNT, _PER_ADDRESS). */
  loginFailures: LoginFailureLimits;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY): none, any (`true`), or addresses/CIDRs. */
  trustProxy: boolean | string;
  /** Anonymous embedded-guru sessions a day per visitor and per address on one site (EMBED_SESSIONS_PER_*). */
  embedVisitorLimits: { perVisitorPerDay: number; perAddressPerDay: number };
}

export interface LogStoreSettings {
  /** LOGS=off stores nothing (stdout logging is unchanged); the request-logging benchmark compares both. */
  enabled: boolean;
  /** Rows older than this many days are deleted (LOG_RETENTION_DAYS, default 14). */
  retentionDays: number;
}

export interface SsoSettings {
  /** Where "Continue with Google" and "… Microsoft" discover their issuer (SSO_GOOGLE_ISSUER, SSO_MICROSOFT_ISSUER). */
  googleIssuer: string;
  microsoftIssuer: string;
  /**
   * SSO_ALLOW_HTTP_ISSUERS=true: issuers on plain http, and on this machine's own addresses, are allowed. Off by
   * default, as an institute's issuer URL is fetched by the server (the tests' provider runs on 127.0.0.1).
   */
  allowHttpIssuers: boolean;
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

/** The server's settings: the environment checked by server/settings-schema.ts, then shaped for the app. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = readSettings(env);
  const dataDir = path.resolve(settings.DATA_DIR);
  const secrets = loadSecrets(dataDir);
  const isProduction = settings.NODE_ENV === 'production';
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir,
    databaseUrl: settings.DATABASE_URL,
    publicUrl: trimSlash(settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`),
    jwtSecret: settings.JWT_SECRET ?? secrets.jwtSecret,
    logLevel: settings.LOG_LEVEL,
    logStore: { enabled: settings.LOGS === 'on', retentionDays: settings.LOG_RETENTION_DAYS },
    runJobs: settings.JOBS === 'on',
    jobLeaseSeconds: settings.JOB_LEASE_SECONDS,
    redisUrl: settings.REDIS_URL,
    metricsToken: settings.METRICS_TOKEN,
    metricsPort: settings.METRICS_PORT,
    insight:
      settings.INSIGHT_URL && settings.INSIGHT_PROJECT
        ? { url: settings.INSIGHT_URL, project: settings.INSIGHT_PROJECT }
        : undefined,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    // Demo accounts are seeded into the embedded database by default, never into a production one unless asked.
    seedDemo: settings.SEED_DEMO ? settings.SEED_DEMO === 'true' : !settings.DATABASE_URL && !isProduction,
    isProduction,
    webDist: path.resolve(settings.WEB_DIST),
    storageQuotaBytes: megabytes(settings.STORAGE_QUOTA_MB),
    videoUploadMaxBytes: megabytes(settings.VIDEO_UPLOAD_MAX_MB),
    libreOfficeBinary: settings.LIBREOFFICE_BIN,
    pdfRender: pdfProcessLimits(settings),
    s3: s3Settings(settings),
    sso: {
      googleIssuer: trimSlash(settings.SSO_GOOGLE_ISSUER),
      microsoftIssuer: trimSlash(settings.SSO_MICROSOFT_ISSUER),
      allowHttpIssuers: settings.SSO_ALLOW_HTTP_ISSUERS === 'true',
    },
    razorpay: razorpaySettings(settings),
    ...testPaymentSettings(settings, isProduction),
    currencyRatesUrl: settings.CURRENCY_RATES_URL,
    invoiceSeller: {
      name: settings.INVOICE_SELLER_NAME,
      address: settings.INVOICE_SELLER_ADDRESS,
      taxId: settings.INVOICE_SELLER_TAX_ID,
      email: settings.INVOICE_SELLER_EMAIL,
    },
    taxRatePercent: settings.TAX_RATE_PERCENT,
    taxLabel: settings.TAX_LABEL,
    gst: settings.INVOICE_SELLER_GSTIN
      ? {
          gstin: settings.INVOICE_SELLER_GSTIN,
          legalName: settings.INVOICE_SELLER_LEGAL_NAME ?? settings.INVOICE_SELLER_NAME,
          stateCode: settings.INVOICE_SELLER_GSTIN.slice(0, 2),
        }
      : null,
    ai: aiSettings(settings),
    rateLimits: rateLimitBudgets(settings),
    loginFailures: loginFailureLimits(settings),
    trustProxy: trustProxySetting(settings.TRUST_PROXY),
    embedVisitorLimits: {
      perVisitorPerDay: settings.EMBED_SESSIONS_PER_VISITOR,
      perAddressPerDay: settings.EMBED_SESSIONS_PER_ADDRESS,
    },
  };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

const megabytes = (mb: number) => Math.round(mb * 1024 * 1024);

/** Outside AI services are opt-in: with nothing set, gurus answer and speak with the local providers. */
function aiSettings(settings: Settings): AiSettings {
  return {
    llm: settings.LLM_BASE_URL
      ? { baseUrl: trimSlash(settings.LLM_BASE_URL), apiKey: settings.LLM_API_KEY, model: settings.LLM_MODEL }
      : undefined,
    openAiSpeech:
      settings.OPENAI_TTS_BASE_URL || settings.OPENAI_TTS_API_KEY
        ? {
            baseUrl: trimSlash(settings.OPENAI_TTS_BASE_URL ?? 'https://api.openai.com/v1'),
            apiKey: settings.OPENAI_TTS_API_KEY ?? '',
            model: settings.OPENAI_TTS_MODEL,
          }
        : undefined,
    elevenLabsApiBase: trimSlash(settings.ELEVENLABS_API_BASE),
    didApiBase: trimSlash(settings.DID_API_BASE),
  };
}

/** Razorpay when both keys are set (readSettings refuses one without the other). */
function razorpaySettings(settings: Settings): RazorpaySettings | undefined {
  if (!settings.RAZORPAY_KEY_ID || !settings.RAZORPAY_KEY_SECRET) return undefined;
  return {
    keyId: settings.RAZORPAY_KEY_ID,
    keySecret: settings.RAZORPAY_KEY_SECRET,
    webhookSecret: settings.RAZORPAY_WEBHOOK_SECRET,
    apiBase: trimSlash(settings.RAZORPAY_API_BASE),
    checkoutUrl: settings.RAZORPAY_CHECKOUT_URL,
  };
}

/** Whether the local test checkout is on, and whether it was turned on deliberately (TEST_PAYMENTS=on). */
function testPaymentSettings(settings: Settings, isProduction: boolean) {
  const wanted = settings.TEST_PAYMENTS ?? (isProduction ? 'off' : 'on');
  const testPayments = !razorpaySettings(settings) && wanted === 'on';
  return { testPayments, testPaymentsNotice: testPayments && settings.TEST_PAYMENTS === 'on' };
}

/** S3_BUCKET switches storage to S3; readSettings has checked that its keys are given too. */
function s3Settings(settings: Settings): S3Settings | undefined {
  if (!settings.S3_BUCKET || !settings.S3_ACCESS_KEY_ID || !settings.S3_SECRET_ACCESS_KEY) return undefined;
  const endpoint = settings.S3_ENDPOINT ? trimSlash(settings.S3_ENDPOINT) : undefined;
  return {
    endpoint,
    publicEndpoint: settings.S3_PUBLIC_ENDPOINT ? trimSlash(settings.S3_PUBLIC_ENDPOINT) : undefined,
    region: settings.S3_REGION,
    bucket: settings.S3_BUCKET,
    accessKeyId: settings.S3_ACCESS_KEY_ID,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE
      ? settings.S3_FORCE_PATH_STYLE === 'true'
      : Boolean(endpoint),
  };
}

/** TRUST_PROXY: unset or 'false' → no proxy, 'true' → any, else comma-separated proxy addresses or CIDRs. */
function trustProxySetting(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
