import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LTI_MSG,
  type LtiContextView,
  type LtiPlatformView,
  type LtiSettingsView,
  type ltiPlatformSchema,
  splitDeploymentIds,
} from '../../../common/contracts/lti';
import { ltiContexts, ltiPlatforms } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { App } from '../../http/app-type';
import { conflict, notFound } from '../../http/errors';
import { toolKeyset } from './tool-keys';

export type PlatformRow = typeof ltiPlatforms.$inferSelect;
type PlatformInput = z.output<typeof ltiPlatformSchema>;

/** An issuer as registered and as looked up: without trailing slashes. */
export const trimSlash = (url: string) => url.replace(/\/+$/u, '');

/** The LMS courses each registration was launched from, with what their rosters gave (decision 075). */
export async function contextsOf(app: App, platformIds: string[]): Promise<Map<string, LtiContextView[]>> {
  const rows = platformIds.length
    ? await app.db
        .select()
        .from(ltiContexts)
        .where(inArray(ltiContexts.platformId, platformIds))
        .orderBy(desc(ltiContexts.lastLaunchAt))
    : [];
  const byPlatform = new Map<string, LtiContextView[]>();
  for (const row of rows) {
    byPlatform.set(row.platformId, [
      ...(byPlatform.get(row.platformId) ?? []),
      {
        id: row.id,
        title: row.title,
        rosterAvailable: row.membershipsUrl !== null,
        rosterPulledAt: row.rosterPulledAt?.toISOString() ?? null,
        rosterAdded: row.rosterAdded,
      },
    ]);
  }
  return byPlatform;
}

function view(row: PlatformRow, contexts: LtiContextView[] = []): LtiPlatformView {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    deploymentIds: row.deploymentIds,
    loginUrl: row.loginUrl,
    tokenUrl: row.tokenUrl,
    keysetUrl: row.keysetUrl,
    siteUrl: row.siteUrl,
    updatedAt: row.updatedAt.toISOString(),
    contexts,
  };
}

/** The registrations an owner sees: an institute its own, the admin the platform-wide ones (owner null). */
export const ownedBy = (ownerId: string | null) =>
  ownerId ? eq(ltiPlatforms.ownerId, ownerId) : isNull(ltiPlatforms.ownerId);

export async function ltiSettings(app: App, ownerId: string | null): Promise<LtiSettingsView> {
  const rows = await app.db
    .select()
    .from(ltiPlatforms)
    .where(ownedBy(ownerId))
    .orderBy(ltiPlatforms.createdAt);
  const base = `${app.config.publicUrl}/api/lti`;
  const contexts = await contextsOf(
    app,
    rows.map((row) => row.id),
  );
  return {
    tool: {
      loginUrl: `${base}/login`,
      launchUrl: `${base}/launch`,
      keysetUrl: `${base}/jwks`,
      keyset: await toolKeyset(app),
    },
    platforms: rows.map((row) => view(row, contexts.get(row.id))),
  };
}

function fields(input: PlatformInput) {
  return {
    name: input.name,
    issuer: trimSlash(input.issuer),
    clientId: input.clientId,
    deploymentIds: splitDeploymentIds(input.deploymentIds),
    loginUrl: input.loginUrl,
    tokenUrl: input.tokenUrl,
    keysetUrl: input.keysetUrl,
    siteUrl: input.siteUrl ? trimSlash(input.siteUrl) : null,
    updatedAt: new Date(),
  };
}

const taken = (error: unknown) => {
  if (isUniqueViolation(error)) throw conflict(LTI_MSG.taken, { clientId: LTI_MSG.taken });
  throw error;
};

export async function addPlatform(
  app: App,
  ownerId: string | null,
  input: PlatformInput,
): Promise<LtiPlatformView> {
  const [row] = await app.db
    .insert(ltiPlatforms)
    .values({ ownerId, ...fields(input) })
    .returning()
    .catch(taken);
  return view(row);
}

export async function updatePlatform(
  app: App,
  ownerId: string | null,
  platformId: string,
  input: PlatformInput,
): Promise<LtiPlatformView> {
  const [row] = await app.db
    .update(ltiPlatforms)
    .set(fields(input))
    .where(and(eq(ltiPlatforms.id, platformId), ownedBy(ownerId)))
    .returning()
    .catch(taken);
  if (!row) throw notFound();
  return view(row, (await contextsOf(app, [row.id])).get(row.id));
}

export async function removePlatform(app: App, ownerId: string | null, platformId: string): Promise<void> {
  const removed = await app.db
    .delete(ltiPlatforms)
    .where(and(eq(ltiPlatforms.id, platformId), ownedBy(ownerId)))
    .returning({ id: ltiPlatforms.id });
  if (removed.length === 0) throw notFound();
}
