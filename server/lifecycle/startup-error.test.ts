import { describe, expect, it } from 'vitest';
import { explainStartupError, formatStartupError } from './startup-error';

const systemError = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);

describe('explainStartupError', () => {
  it('words a rejection without a reason instead of printing undefined', () => {
    const printed = formatStartupError(explainStartupError(undefined));
    expect(printed).toContain('no reason given');
    expect(printed).not.toMatch(/\bundefined\b/);
  });

  it('finds the driver error drizzle wraps as its cause', () => {
    const refused = systemError('connect ECONNREFUSED 127.0.0.1:1', {
      code: 'ECONNREFUSED',
      address: '127.0.0.1',
      port: 1,
    });
    const wrapped = new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"', { cause: refused });
    const explained = explainStartupError(wrapped);
    expect(explained.message).toBe('Cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED).');
    expect(explained.fix).toContain('DATABASE_URL');
  });

  it('names the file that cannot be written and how to fix the data folder', () => {
    const denied = systemError("EACCES: permission denied, mkdir '/srv/gurukul/files'", {
      code: 'EACCES',
      syscall: 'mkdir',
      path: '/srv/gurukul/files',
    });
    const explained = explainStartupError(denied);
    expect(explained.message).toContain('Cannot write /srv/gurukul/files (EACCES)');
    expect(explained.fix).toContain('DATA_DIR');
  });

  it('keeps the stack of an unexpected error', () => {
    const explained = explainStartupError(new TypeError('x is not a function'));
    expect(explained.message).toBe('Unexpected failure: x is not a function');
    expect(explained.details).toContain('TypeError: x is not a function');
  });
});
