import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LTI_MSG,
  type LtiPlatformView,
  type LtiSettingsView,
  type ltiPlatformSchema,
  splitDeploymentIds,
} from '../../../common/contracts/lti';
import { ltiPlatforms } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { App } from '../../http/app-type';
import { conflict, notFound } from '../../http/errors';
import { toolKeyset } from './tool-keys';

export type PlatformRow = typeof ltiPlatforms.$inferSelect;
type PlatformInput = z.output<typeof ltiPlatformSchema>;

/** An issuer as registered and as looked up: without trailing slashes. */
export const trimSlash = (url: string) => url.replace(/\/+$/u, '');

function view(row: PlatformRow): LtiPlatformView {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    deploymentIds: row.deploymentIds,
    loginUrl: row.loginUrl,
    tokenUrl: row.tokenUrl,
    keysetUrl: row.keysetUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The registrations an owner sees: an institute its own, the admin the platform-wide ones (owner null). */
const ownedBy = (ownerId: string | null) =>
  ownerId ? eq(ltiPlatforms.ownerId, ownerId) : isNull(ltiPlatforms.ownerId);

export async function ltiSettings(app: App, ownerId: string | null): Promise<LtiSettingsView> {
  const rows = await app.db
    .select()
    .from(ltiPlatforms)
    .where(ownedBy(ownerId))
    .orderBy(ltiPlatforms.createdAt);
  const base = `${app.config.publicUrl}/api/lti`;
  return {
    tool: {
      loginUrl: `${base}/login`,
      launchUrl: `${base}/launch`,
      keysetUrl: `${base}/jwks`,
      keyset: await toolKeyset(app),
    },
    platforms: rows.map(view),
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
  return view(row);
}

export async function removePlatform(app: App, ownerId: string | null, platformId: string): Promise<void> {
  const removed = await app.db
    .delete(ltiPlatforms)
    .where(and(eq(ltiPlatforms.id, platformId), ownedBy(ownerId)))
    .returning({ id: ltiPlatforms.id });
  if (removed.length === 0) throw notFound();
}
