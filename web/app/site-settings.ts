import type { InsightSettings } from '../../common/contracts/insight';
import { api } from './api';

let settings: Promise<InsightSettings> | null = null;

/**
 * GET /api/common/insight, asked once per page load and shared: page views (SPEC §7) and the "Test payments"
 * notice (decision 055) read the same answer, so neither costs a request of its own.
 */
export function siteSettings(): Promise<InsightSettings> {
  settings ??= api<InsightSettings>('/common/insight').catch((error: unknown) => {
    settings = null;
    throw error;
  });
  return settings;
}
