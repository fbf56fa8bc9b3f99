import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256, as Razorpay signs payments and webhooks. */
export const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Compares a given hex signature with the expected one in constant time (any length or junk → false). */
export function signatureMatches(expectedHex: string, given: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
