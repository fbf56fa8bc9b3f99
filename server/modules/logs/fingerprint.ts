import { createHash } from 'node:crypto';
import { scrubText } from '../../http/secret-text';
import { clip } from './redact';

/** An error as pino serialises it (`err`): its type, message and stack. */
export interface LoggedError {
  type?: unknown;
  message?: unknown;
  stack?: unknown;
}

export interface ErrorIdentity {
  fingerprint: string;
  name: string;
  /** The message as thrown, secrets masked. */
  message: string;
  topFrame: string | null;
  stack: string | null;
}

/**
 * The parts of a message that change between occurrences of one error (ids, numbers, quoted values, addresses)
 * become placeholders, so "Course 6f1c… not found" and "Course 9a2b… not found" are one group.
 */
export function normaliseMessage(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g, '<email>')
    .replace(/\bhttps?:\/\/\S+/g, '<url>')
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '<value>')
    .replace(/\b0x[0-9a-f]+\b|\b[0-9a-f]{12,}\b/gi, '<hex>')
    .replace(/\d+(\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

const FRAME = /^\s*at\s+/;

/**
 * The first stack frame in our code (not node_modules, not Node's own), without line and column (they move with
 * every edit) or the machine's folder: "handler (server/modules/courses/routes.ts)".
 */
export function topFrameOf(stack: string, root = process.cwd()): string | null {
  const frames = stack
    .split('\n')
    .filter((line) => FRAME.test(line))
    .map((line) => line.replace(FRAME, '').trim());
  if (frames.length === 0) return null;
  const ours = frames.find((frame) => !/node_modules|\(node:|^node:|\(native\)|^new Promise/.test(frame));
  return (ours ?? frames[0])
    .replaceAll('file://', '')
    .replaceAll(`${root}/`, '')
    .replace(/(:\d+){1,2}(?=\)?$)/, '')
    .replace(/^async /, '')
    .slice(0, 300);
}

/** Who an error is: fingerprint = sha1(name, normalised message, top frame), as a 40-character hex. */
export function identifyError(err: LoggedError): ErrorIdentity {
  const name = typeof err.type === 'string' && err.type ? err.type : 'Error';
  const message = clip(
    scrubText(typeof err.message === 'string' ? err.message : String(err.message ?? '')),
    1000,
  );
  const stack = typeof err.stack === 'string' ? clip(scrubText(err.stack), 8000) : null;
  const topFrame = stack ? topFrameOf(stack) : null;
  const fingerprint = createHash('sha1')
    .update(`${name}\n${normaliseMessage(message)}\n${topFrame ?? ''}`)
    .digest('hex');
  return { fingerprint, name, message: message || name, topFrame, stack };
}
