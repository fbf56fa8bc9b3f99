import { z } from 'zod';
import { GST_STATES, gstinProblem, normalizeGstin } from '../common/gst';
import { StartupError } from './lifecycle/startup-error';

/**
 * Every environment variable the server reads, checked in one place (README.md "Configuration" lists them with
 * their defaults). An empty value counts as unset. A value that is set but wrong stops the start with every
 * wrong variable named, rather than being ignored: a typo in VIDEO_UPLOAD_MAX_MB should not quietly become 500.
 */
const protocolOf = (value: string) => {
  try {
    return new URL(value).protocol.replace(/:$/, '');
  } catch {
    return null;
  }
};
const url = (protocols: string[]) =>
  z.string().refine((value) => protocols.includes(protocolOf(value) ?? ''), {
    error: `must be a URL (${protocols.join(', ')})`,
  });
const HTTP = ['http', 'https'];
const wholeFrom = (min: number, max = Number.MAX_SAFE_INTEGER) => {
  const error = `must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
const positive = z.coerce
  .number({ error: 'must be a number above 0' })
  .refine((n) => Number.isFinite(n) && n > 0, { error: 'must be a number above 0' });
const flag = z.enum(['true', 'false'], { error: 'must be true or false' });
/** A state given by its GST code ("29", "7") or English name ("Karnataka"), as its two-digit code; null if neither. */
const gstStateCode = (value: string): string | null => {
  const wanted = value.trim().toLocaleLowerCase('en');
  const state = GST_STATES.find(
    (s) => s.code === wanted.padStart(2, '0') || s.name.toLocaleLowerCase('en') === wanted,
  );
  return state?.code ?? null;
};

export const SETTINGS_SCHEMA = z.object({
  PORT: wholeFrom(1, 65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  PUBLIC_URL: url(HTTP).optional(),
  JWT_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOGS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  LOG_RETENTION_DAYS: wholeFrom(1, 3650).default(14),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  METRICS_PORT: wholeFrom(1, 65_535).optional(),
  JOBS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  JOB_LEASE_SECONDS: wholeFrom(5, 3600).default(30),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().default('Gurukul <no-reply@gurukul.test>'),
  SEED_DEMO: flag.optional(),
  NODE_ENV: z.string().optional(),
  WEB_DIST: z.string().default('web/dist'),
  STORAGE_QUOTA_MB: positive.default(5 * 1024),
  VIDEO_UPLOAD_MAX_MB: positive.default(500),
  LIBREOFFICE_BIN: z.string().default('soffice'),
  PDF_RENDER_TIMEOUT_S: positive.default(60),
  PDF_RENDER_MEMORY_MB: positive.default(1024),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_ENDPOINT: url(HTTP).optional(),
  S3_PUBLIC_ENDPOINT: url(HTTP).optional(),
  INSIGHT_URL: url(HTTP).optional(),
  INSIGHT_PROJECT: z.string().min(1).max(100).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_FORCE_PATH_STYLE: flag.optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_BASE: url(HTTP).default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: url(HTTP).default('https://checkout.razorpay.com/v1/checkout.js'),
  TEST_PAYMENTS: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  CURRENCY_RATES_URL: url(HTTP).optional(),
  INVOICE_SELLER_NAME: z.string().default('Gurukul Learning'),
  INVOICE_SELLER_ADDRESS: z.string().default('Bengaluru, India'),
  INVOICE_SELLER_TAX_ID: z.string().default(''),
  INVOICE_SELLER_EMAIL: z.string().default('billing@gurukul.test'),
  INVOICE_SELLER_GSTIN: z
    .string()
    .transform(normalizeGstin)
    .refine((gstin) => gstinProblem(gstin) === null, {
      error: (issue) => `must be a valid GSTIN: ${gstinProblem(normalizeGstin(String(issue.input)))}`,
    })
    .optional(),
  INVOICE_SELLER_LEGAL_NAME: z.string().optional(),
  INVOICE_SELLER_STATE: z
    .string()
    .transform(gstStateCode)
    .refine((code) => code !== null, {
      error: 'must be an Indian state: its GST code (29) or name (Karnataka)',
    })
    .optional(),
  TAX_RATE_PERCENT: z.coerce
    .number({ error: 'must be a percentage from 0 to 100' })
    .min(0, { error: 'must be a percentage from 0 to 100' })
    .max(100, { error: 'must be a percentage from 0 to 100' })
    .default(18),
  TAX_LABEL: z.string().default('GST'),
  LLM_BASE_URL: url(HTTP).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  OPENAI_TTS_BASE_URL: url(HTTP).optional(),
  OPENAI_TTS_API_KEY: z.string().optional(),
  OPENAI_TTS_MODEL: z.string().default('gpt-4o-mini-tts'),
  ELEVENLABS_API_BASE: url(HTTP).default('https://api.elevenlabs.io'),
  DID_API_BASE: url(HTTP).default('https://api.d-id.com'),
  SSO_GOOGLE_ISSUER: url(HTTP).default('https://accounts.google.com'),
  SSO_MICROSOFT_ISSUER: url(HTTP).default('https://login.microsoftonline.com/common/v2.0'),
  SSO_ALLOW_HTTP_ISSUERS: flag.optional(),
  AUTH_RATE_LIMIT_MAX: wholeFrom(1).optional(),
  RATE_LIMIT_MAX: wholeFrom(1).optional(),
  READ_RATE_LIMIT_MAX: wholeFrom(1).optional(),
  WRITE_RATE_LIMIT_MAX: wholeFrom(1).optional(),
  SPEECH_RATE_LIMIT_MAX: wholeFrom(1).optional(),
  AVATAR_VIDEO_RATE_LIMIT_MAX: wholeFrom(1).optional(),
  NARRATION_SAMPLE_RATE_LIMIT_MAX: wholeFrom(1).optional(),
  CERTIFICATE_CHECK_RATE_LIMIT_MAX: wholeFrom(1).optional(),
  LOGIN_FAILURES_PER_ACCOUNT: wholeFrom(1).optional(),
  LOGIN_FAILURES_PER_ADDRESS: wholeFrom(1).optional(),
  EMBED_SESSIONS_PER_VISITOR: wholeFrom(1).default(10),
  EMBED_SESSIONS_PER_ADDRESS: wholeFrom(1).default(30),
  TRUST_PROXY: z.string().optional(),
});

export type Settings = z.output<typeof SETTINGS_SCHEMA>;

/** Settings that only make sense together: named so the fix is obvious. */
function pairingProblems(settings: Settings): string[] {
  const problems: string[] = [];
  if (settings.S3_BUCKET && (!settings.S3_ACCESS_KEY_ID || !settings.S3_SECRET_ACCESS_KEY))
    problems.push('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too');
  if (settings.INVOICE_SELLER_STATE && !settings.INVOICE_SELLER_GSTIN)
    problems.push('INVOICE_SELLER_STATE is set: INVOICE_SELLER_GSTIN is required too');
  if (
    settings.INVOICE_SELLER_STATE &&
    settings.INVOICE_SELLER_GSTIN &&
    settings.INVOICE_SELLER_GSTIN.slice(0, 2) !== settings.INVOICE_SELLER_STATE
  )
    problems.push(
      `INVOICE_SELLER_STATE (${settings.INVOICE_SELLER_STATE}) is not the state of INVOICE_SELLER_GSTIN (${settings.INVOICE_SELLER_GSTIN.slice(0, 2)})`,
    );
  if (Boolean(settings.RAZORPAY_KEY_ID) !== Boolean(settings.RAZORPAY_KEY_SECRET))
    problems.push('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together');
  return problems;
}

/**
 * The environment, checked: typed values with their defaults, or a StartupError that names every variable
 * that is wrong, what it must be and what it was.
 */
export function readSettings(env: NodeJS.ProcessEnv): Settings {
  const given: Record<string, string> = {};
  for (const key of Object.keys(SETTINGS_SCHEMA.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') given[key] = value.trim();
  }
  const parsed = SETTINGS_SCHEMA.safeParse(given);
  const problems = parsed.success
    ? pairingProblems(parsed.data)
    : parsed.error.issues.map((issue) => {
        const key = String(issue.path[0]);
        return `${key} ${issue.message} (it is "${given[key]}")`;
      });
  if (problems.length > 0 || !parsed.success) {
    throw new StartupError(
      `Some settings are not valid: ${problems.join('; ')}.`,
      'Correct or unset these environment variables; README.md "Configuration" lists every setting and its default.',
    );
  }
  return parsed.data;
}
