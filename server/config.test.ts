import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { LIMIT_BUDGETS, LOGIN_FAILURE_DEFAULTS } from './http/rate-limits';
import { StartupError } from './lifecycle/startup-error';
import { PDF_PROCESS_DEFAULTS } from './media/pdf-process';

// loadConfig keeps its generated secrets under DATA_DIR: a folder of this test's own.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir, ...env });

/** The start error a wrong environment gives: its message names every wrong variable. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return (error as StartupError).message;
  }
  throw new Error('the settings were accepted');
}

describe('settings from the environment', () => {
  it('has a documented default for everything, and an empty value counts as unset', () => {
    const config = load({ PORT: '', LOG_LEVEL: '' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
    expect(config.storageQuotaBytes).toBe(5 * 1024 * 1024 * 1024);
    expect(config.videoUploadMaxBytes).toBe(500 * 1024 * 1024);
    expect(config.pdfRender).toEqual(PDF_PROCESS_DEFAULTS);
    expect(config.rateLimits.auth).toBe(LIMIT_BUDGETS.auth.perMinute);
    expect(config.rateLimits.speech).toBe(LIMIT_BUDGETS.speech.perMinute);
    expect(config.loginFailures).toEqual(LOGIN_FAILURE_DEFAULTS);
    expect(config.taxRatePercent).toBe(18);
    expect(config.trustProxy).toBe(false);
    expect(config.s3).toBeUndefined();
    expect(config.razorpay).toBeUndefined();
    expect(config.ai.llm).toBeUndefined();
  });

  it('reads each setting it is given', () => {
    const config = load({
      PORT: '4100',
      PUBLIC_URL: 'https://school.example.org/',
      READ_RATE_LIMIT_MAX: '50',
      AUTH_RATE_LIMIT_MAX: '7',
      LOGIN_FAILURES_PER_ACCOUNT: '3',
      PDF_RENDER_TIMEOUT_S: '2.5',
      PDF_RENDER_MEMORY_MB: '768',
      VIDEO_UPLOAD_MAX_MB: '100',
      TAX_RATE_PERCENT: '0',
      TRUST_PROXY: '10.0.0.0/8',
      LLM_BASE_URL: 'http://localhost:11434/v1/',
    });
    expect(config.port).toBe(4100);
    expect(config.publicUrl).toBe('https://school.example.org');
    expect(config.rateLimits).toMatchObject({ read: 50, auth: 7 });
    expect(config.loginFailures.perAccountAndAddress).toBe(3);
    expect(config.loginFailures.perAddress).toBe(LOGIN_FAILURE_DEFAULTS.perAddress);
    expect(config.pdfRender).toEqual({ timeoutMs: 2_500, memoryMb: 768 });
    expect(config.videoUploadMaxBytes).toBe(100 * 1024 * 1024);
    expect(config.taxRatePercent).toBe(0);
    expect(config.trustProxy).toBe('10.0.0.0/8');
    expect(config.ai.llm).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'gpt-4o-mini',
    });
  });

  it('stops the start naming every wrong value, what it must be and what it was', () => {
    const message = refusal({
      PORT: 'abc',
      WRITE_RATE_LIMIT_MAX: '-3',
      PDF_RENDER_MEMORY_MB: 'lots',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'school.example.org',
      SEED_DEMO: 'yes',
    });
    expect(message).toContain('PORT must be a whole number from 1 to 65535 (it is "abc")');
    expect(message).toContain('WRITE_RATE_LIMIT_MAX must be a whole number from 1 (it is "-3")');
    expect(message).toContain('PDF_RENDER_MEMORY_MB must be a number above 0 (it is "lots")');
    expect(message).toContain('LOG_LEVEL must be one of');
    expect(message).toContain('PUBLIC_URL must be a URL (http, https)');
    expect(message).toContain('SEED_DEMO must be true or false');
    expect(refusal({ SMTP_URL: 'http://mail.example.org' })).toContain(
      'SMTP_URL must be a URL (smtp, smtps)',
    );
  });

  it('uses S3 with its keys, and refuses a bucket without them', () => {
    expect(refusal({ S3_BUCKET: 'b' })).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required');
    const keys = { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(load(keys).s3).toEqual({
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'b',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: false,
    });
    const minio = load({ ...keys, S3_ENDPOINT: 'http://minio:9000/', S3_REGION: 'eu-west-1' }).s3;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', region: 'eu-west-1', forcePathStyle: true });
    expect(load({ ...keys, S3_ENDPOINT: 'http://x', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(
      false,
    );
  });

  it('uses Razorpay with both keys, and refuses one without the other', () => {
    expect(refusal({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toContain('must be set together');
    expect(load({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's' }).razorpay).toMatchObject({
      keyId: 'rzp_test_x',
      apiBase: 'https://api.razorpay.com',
    });
  });

  it('makes rupee invoices GST tax invoices with a checked GSTIN, its state and legal name (decision 067)', () => {
    expect(load({}).gst).toBeNull();
    expect(
      load({
        INVOICE_SELLER_GSTIN: '29aagcb7383j1z4',
        INVOICE_SELLER_STATE: 'karnataka',
        INVOICE_SELLER_NAME: 'Gurukul',
      }).gst,
    ).toEqual({ gstin: '29AAGCB7383J1Z4', legalName: 'Gurukul', stateCode: '29' });
    expect(
      load({ INVOICE_SELLER_GSTIN: '29AAGCB7383J1Z4', INVOICE_SELLER_LEGAL_NAME: 'Gurukul Pvt Ltd' }).gst,
    ).toMatchObject({ legalName: 'Gurukul Pvt Ltd' });
    expect(refusal({ INVOICE_SELLER_GSTIN: '29AAGCB7383J1Z5' })).toContain(
      'INVOICE_SELLER_GSTIN must be a valid GSTIN: This GSTIN’s last character does not match',
    );
    expect(refusal({ INVOICE_SELLER_GSTIN: '29AAGCB7383J1Z4', INVOICE_SELLER_STATE: '27' })).toContain(
      'INVOICE_SELLER_STATE (27) is not the state of INVOICE_SELLER_GSTIN (29)',
    );
    expect(refusal({ INVOICE_SELLER_STATE: 'Atlantis' })).toContain(
      'INVOICE_SELLER_STATE must be an Indian state',
    );
    expect(refusal({ INVOICE_SELLER_STATE: '29' })).toContain('INVOICE_SELLER_GSTIN is required too');
  });
});
