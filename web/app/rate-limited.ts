import { toast } from './toast';

/**
 * Seconds a 429's Retry-After header asks for: delta-seconds (what our server sends) or an HTTP date; at
 * least 1, and 1 when the header is missing or unreadable.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (!header) return 1;
  const value = header.trim();
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1;
}

let burst: { until: number; message: string } | null = null;

/**
 * Shows the server's "too many requests" message once per burst (until its Retry-After has passed) and
 * answers the burst's message: a page whose calls are refused together raises one toast, and a caller that
 * shows the error's own message shows that same toast, which is kept rather than repeated.
 */
export function announceRateLimited(message: string, retryAfter: number, now = Date.now()): string {
  if (burst && now < burst.until) return burst.message;
  burst = { until: now + retryAfter * 1000, message };
  toast('danger', message);
  return message;
}
