import { and, eq } from 'drizzle-orm';
import type { IntegrationInput, IntegrationView } from '../../../common/contracts/gurus';
import { GURU_MSG, INTEGRATION_KEYS, INTEGRATIONS, type IntegrationKeyName } from '../../../common/gurus';
import { integrationKeys } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { badRequest } from '../../http/errors';
import { didKeyWorks } from '../../providers/avatar/d-id';
import { elevenLabsKeyWorks } from '../../providers/tts/elevenlabs';
import type { SpeakingOwner } from '../../providers/tts/speaker-for';
import { decryptSecret, encryptSecret, maskKey } from './crypto';

type KeyRow = typeof integrationKeys.$inferSelect;

function view(keyName: IntegrationKeyName, row: KeyRow | undefined): IntegrationView {
  return {
    keyName,
    ...INTEGRATIONS[keyName],
    maskedKey: row ? maskKey(row.lastFour) : null,
    note: row?.description ?? '',
    checkedAt: row?.checkedAt.toISOString() ?? null,
  };
}

/** Both integrations of the user, saved or not, never with the key itself. */
export async function listIntegrations(app: App, userId: string): Promise<IntegrationView[]> {
  const rows = await app.db.select().from(integrationKeys).where(eq(integrationKeys.userId, userId));
  return INTEGRATION_KEYS.map((keyName) =>
    view(
      keyName,
      rows.find((row) => row.keyName === keyName),
    ),
  );
}

/** Asks the service whether it accepts the key (D-ID GET /credits, ElevenLabs GET /v1/user). */
export function keyWorks(app: App, keyName: IntegrationKeyName, value: string): Promise<boolean> {
  return keyName === 'didApiKey'
    ? didKeyWorks(app.config.ai.didApiBase, value)
    : elevenLabsKeyWorks(app.config.ai.elevenLabsApiBase, value);
}

/**
 * Saves a key only after the service accepted it; a refused key is never stored and an earlier saved key
 * stays as it was.
 */
export async function saveIntegration(
  app: App,
  userId: string,
  keyName: IntegrationKeyName,
  input: Required<IntegrationInput>,
): Promise<IntegrationView> {
  const value = input.value.trim();
  if (!(await keyWorks(app, keyName, value)))
    throw badRequest(GURU_MSG.keyCheckFailed, { value: GURU_MSG.keyCheckFailed });
  const now = new Date();
  const fields = {
    encrypted: encryptSecret(app.config.jwtSecret, userId, keyName, value),
    // A short key would be mostly given away by its last four characters; those show nothing.
    lastFour: value.length >= 12 ? value.slice(-4) : '',
    description: input.description,
    checkedAt: now,
    updatedAt: now,
  };
  const [row] = await app.db
    .insert(integrationKeys)
    .values({ userId, keyName, ...fields })
    .onConflictDoUpdate({ target: [integrationKeys.userId, integrationKeys.keyName], set: fields })
    .returning();
  return view(keyName, row);
}

export async function removeIntegration(
  app: App,
  userId: string,
  keyName: IntegrationKeyName,
): Promise<void> {
  await app.db
    .delete(integrationKeys)
    .where(and(eq(integrationKeys.userId, userId), eq(integrationKeys.keyName, keyName)));
}

/** The user's key in clear, for server-side calls only (never sent to a browser); null when none is saved. */
export async function integrationKey(
  app: App,
  userId: string,
  keyName: IntegrationKeyName,
): Promise<string | null> {
  const row = await app.db.query.integrationKeys.findFirst({
    where: and(eq(integrationKeys.userId, userId), eq(integrationKeys.keyName, keyName)),
  });
  return row ? decryptSecret(app.config.jwtSecret, userId, keyName, row.encrypted) : null;
}

/** A guru's or course library's voices with its owner's ElevenLabs key: what the speech provider is given. */
export async function speakingAs(
  app: App,
  owner: { ownerId: string; voice: string | null; fallbackVoice: string | null },
): Promise<SpeakingOwner> {
  return {
    voice: owner.voice,
    fallbackVoice: owner.fallbackVoice,
    elevenLabsKey: await integrationKey(app, owner.ownerId, 'elevenLabsApiKey'),
  };
}
