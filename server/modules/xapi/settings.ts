import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { XapiSettingsInput, XapiSettingsView, XapiTestAnswer } from '../../../common/contracts/xapi';
import { xapiTestReason } from '../../../common/contracts/xapi';
import { xapiOutbox, xapiSettings } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { badRequest } from '../../http/errors';
import { resolvesPublicly } from '../../http/public-address';
import { said } from '../../i18n/said';
import { httpLrsClient, type LrsSettings } from '../../providers/lrs/client';
import { decryptSecret, encryptSecret } from '../integrations/crypto';
import { issuerUrlProblem } from '../sso/issuer-client';

/** The one row of settings; the secret is bound to it (a ciphertext copied elsewhere does not decrypt). */
const ROW_ID = 'platform';
const SECRET_PURPOSE = 'xapi-lrs-password';
/** How long a process trusts what it read: another server's save reaches this one within this time. */
const CACHE_MS = 30_000;

const cacheOf = new WeakMap<App['db'], { at: number; lrs: LrsSettings | null }>();

async function savedRow(app: App) {
  const [row] = await app.db.select().from(xapiSettings).where(eq(xapiSettings.id, ROW_ID));
  return row;
}

/**
 * The LRS to send to, or null while none is saved or it is switched off: then nothing is queued. Read at most
 * every 30 s per process, so queuing a statement costs no extra query.
 */
export async function activeLrs(app: App): Promise<LrsSettings | null> {
  const cached = cacheOf.get(app.db);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.lrs;
  const row = await savedRow(app);
  const password = row
    ? decryptSecret(app.config.jwtSecret, ROW_ID, SECRET_PURPOSE, row.passwordEncrypted)
    : null;
  const publicOnly = !app.config.sso.allowHttpIssuers;
  const lrs =
    row?.enabled && password
      ? { endpoint: row.endpoint, username: row.username, password, publicOnly }
      : null;
  cacheOf.set(app.db, { at: Date.now(), lrs });
  return lrs;
}

const forget = (app: App) => cacheOf.delete(app.db);

/** The settings without the password, and how the outbox stands. */
export async function xapiSettingsView(app: App): Promise<XapiSettingsView> {
  const row = await savedRow(app);
  const unsent = and(isNull(xapiOutbox.sentAt), isNull(xapiOutbox.parkedAt));
  const [[waiting], [parked], [failing]] = await Promise.all([
    app.db.select({ n: count() }).from(xapiOutbox).where(unsent),
    app.db.select({ n: count() }).from(xapiOutbox).where(isNotNull(xapiOutbox.parkedAt)),
    app.db
      .select({ lastError: xapiOutbox.lastError })
      .from(xapiOutbox)
      .where(and(isNull(xapiOutbox.sentAt), isNotNull(xapiOutbox.lastError)))
      .orderBy(desc(xapiOutbox.seq))
      .limit(1),
  ]);
  return {
    lrs: row
      ? {
          endpoint: row.endpoint,
          username: row.username,
          passwordSaved: Boolean(row.passwordEncrypted),
          enabled: row.enabled,
          updatedAt: row.updatedAt.toISOString(),
        }
      : null,
    waiting: waiting?.n ?? 0,
    parked: parked?.n ?? 0,
    lastError: failing?.lastError ?? null,
  };
}

/** Saves the LRS; an empty password keeps the saved one (a first save needs one). */
export async function saveXapiSettings(
  app: App,
  input: Required<XapiSettingsInput>,
): Promise<XapiSettingsView> {
  const existing = await savedRow(app);
  if (!existing && !input.password) {
    const message = said('server.xapi.passwordFirst');
    throw badRequest(message, { password: message });
  }
  const endpoint = input.endpoint.replace(/\/+$/u, '');
  // The server sends learners' records and the password here: https to a public address only (as LTI's and
  // institutes' issuers, decision 075; tests allow http on this machine with SSO_ALLOW_HTTP_ISSUERS).
  const allowLocal = app.config.sso.allowHttpIssuers;
  if (
    issuerUrlProblem(endpoint, allowLocal) ||
    (!allowLocal && !(await resolvesPublicly(new URL(endpoint))))
  ) {
    const message = said('server.xapi.endpointRefused');
    throw badRequest(message, { endpoint: message });
  }
  const fields = {
    endpoint,
    username: input.username,
    passwordEncrypted: input.password
      ? encryptSecret(app.config.jwtSecret, ROW_ID, SECRET_PURPOSE, input.password)
      : (existing?.passwordEncrypted ?? ''),
    enabled: input.enabled,
    updatedAt: new Date(),
  };
  await app.db
    .insert(xapiSettings)
    .values({ id: ROW_ID, ...fields })
    .onConflictDoUpdate({ target: xapiSettings.id, set: fields });
  forget(app);
  return xapiSettingsView(app);
}

/** Forgets the LRS. Statements already queued stay (and go if an LRS is saved again), unsent ones are kept. */
export async function removeXapiSettings(app: App): Promise<void> {
  await app.db.delete(xapiSettings).where(eq(xapiSettings.id, ROW_ID));
  forget(app);
}

/**
 * "Send a test statement": one statement straight to the saved LRS (switched on or not), the admin as its actor
 * (their account, as learners are named), and the LRS's answer in words.
 */
export async function sendTestStatement(app: App, adminId: string): Promise<XapiTestAnswer> {
  const row = await savedRow(app);
  const password = row
    ? decryptSecret(app.config.jwtSecret, ROW_ID, SECRET_PURPOSE, row.passwordEncrypted)
    : null;
  if (!row || !password) throw badRequest(said('server.xapi.notSet'));
  const base = app.config.publicUrl;
  const statement = {
    id: randomUUID(),
    actor: { objectType: 'Agent', account: { homePage: base, name: adminId } },
    verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-US': 'experienced' } },
    object: {
      objectType: 'Activity',
      id: `${base}/xapi/activities/connection-test`,
      definition: { name: { 'en-US': 'Gurukul connection test' } },
    },
    context: { platform: 'Gurukul' },
    timestamp: new Date().toISOString(),
  };
  const answer = await httpLrsClient({
    endpoint: row.endpoint,
    username: row.username,
    password,
    publicOnly: !app.config.sso.allowHttpIssuers,
  }).sendStatements([statement]);
  return answer.outcome === 'sent'
    ? { ok: true, status: 200, reason: null, detail: `stored as ${answer.ids[0]}` }
    : {
        ok: false,
        status: answer.status,
        reason: xapiTestReason(answer.status, answer.detail),
        detail: answer.detail,
      };
}
