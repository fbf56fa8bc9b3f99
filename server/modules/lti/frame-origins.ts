import { ltiPlatforms } from '../../db/schema/index';
import type { App } from '../../http/app-type';

/**
 * The origins of the registered LMSs (decision 074): a launch opens inside the LMS's course page, so Gurukul's pages
 * name them in frame-ancestors, and no other site — the issuer's, the endpoints', and the LMS's own address when its
 * pages are elsewhere (Canvas cloud: the school's instructure.com address, decision 075). Read from the database every minute by each instance, and at
 * once here after a registration changes.
 */
let origins: readonly string[] = [];
export const ltiFrameOrigins = (): readonly string[] => origins;

const REFRESH_MS = 60_000;

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

export async function refreshFrameOrigins(app: App): Promise<void> {
  const rows = await app.db
    .select({
      issuer: ltiPlatforms.issuer,
      loginUrl: ltiPlatforms.loginUrl,
      tokenUrl: ltiPlatforms.tokenUrl,
      siteUrl: ltiPlatforms.siteUrl,
    })
    .from(ltiPlatforms);
  const found = new Set<string>();
  for (const row of rows) {
    for (const url of [row.issuer, row.loginUrl, row.tokenUrl, row.siteUrl]) {
      const origin = url ? originOf(url) : null;
      if (origin) found.add(origin);
    }
  }
  origins = [...found].sort();
}

/** Keeps the list fresh while the app runs; a failed read keeps the last list. */
export function watchFrameOrigins(app: App): void {
  const refresh = () =>
    refreshFrameOrigins(app).catch((error: unknown) =>
      app.log.warn({ err: error }, 'LTI frame origins not read'),
    );
  void refresh();
  const timer = setInterval(refresh, REFRESH_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
