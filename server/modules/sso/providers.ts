import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type * as oidc from 'openid-client';
import {
  emailDomain,
  type InstituteSsoInput,
  type PlatformSsoKind,
  PUBLIC_MAIL_DOMAINS,
  parseDomains,
  type SchoolSignIn,
  SSO_MSG,
  type SsoKind,
  type SsoOptions,
  type SsoProviderView,
  withinDomain,
} from '../../../common/contracts/sso';
import { ssoDomains, ssoProviders, users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { App } from '../../http/app-type';
import { badRequest, conflict, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { decryptSecret, encryptSecret } from '../integrations/crypto';
import { discoverIssuer, issuerUrlProblem, SignInRefused } from './issuer-client';

export type ProviderRow = typeof ssoProviders.$inferSelect;

/** The secret is bound to its row: a ciphertext copied onto another provider does not decrypt. */
const SECRET_PURPOSE = 'sso-client-secret';

export const redirectUriOf = (app: App) => `${app.config.publicUrl}/api/sso/callback`;

function issuerOfKind(app: App, kind: PlatformSsoKind): string {
  return kind === 'google' ? app.config.sso.googleIssuer : app.config.sso.microsoftIssuer;
}

async function domainsOf(app: App, providerId: string): Promise<string[]> {
  const rows = await app.db.select().from(ssoDomains).where(eq(ssoDomains.providerId, providerId));
  return rows.map((row) => row.domain).sort();
}

async function view(app: App, row: ProviderRow): Promise<SsoProviderView> {
  return {
    kind: row.kind as SsoKind,
    issuer: row.issuer,
    clientId: row.clientId,
    domains: await domainsOf(app, row.id),
    requireSso: row.requireSso,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The providers this caller sets: the platform's Google and Microsoft (admin), or the institute's own. */
export async function providersOf(app: App, instituteId: string | null): Promise<SsoProviderView[]> {
  const rows = await app.db
    .select()
    .from(ssoProviders)
    .where(instituteId ? eq(ssoProviders.instituteId, instituteId) : isNull(ssoProviders.instituteId));
  return Promise.all(rows.map((row) => view(app, row)));
}

async function findOwn(app: App, kind: SsoKind, instituteId: string | null) {
  const [row] = await app.db
    .select()
    .from(ssoProviders)
    .where(
      and(
        eq(ssoProviders.kind, kind),
        instituteId ? eq(ssoProviders.instituteId, instituteId) : isNull(ssoProviders.instituteId),
      ),
    );
  return row;
}

function encrypted(app: App, providerId: string, secret: string) {
  return encryptSecret(app.config.jwtSecret, providerId, SECRET_PURPOSE, secret);
}

export function clientSecretOf(app: App, row: ProviderRow): string {
  return decryptSecret(app.config.jwtSecret, row.id, SECRET_PURPOSE, row.secretEncrypted) ?? '';
}

/** Google's or Microsoft's client for the whole platform; an empty secret keeps the saved one. */
export async function savePlatformProvider(
  app: App,
  kind: PlatformSsoKind,
  input: { clientId: string; clientSecret: string },
): Promise<SsoProviderView> {
  const existing = await findOwn(app, kind, null);
  if (!existing && !input.clientSecret)
    throw badRequest(SSO_MSG.secretFirst, { clientSecret: SSO_MSG.secretFirst });
  const id = existing?.id ?? randomUUID();
  const fields = {
    issuer: issuerOfKind(app, kind),
    clientId: input.clientId,
    secretEncrypted: input.clientSecret
      ? encrypted(app, id, input.clientSecret)
      : (existing?.secretEncrypted ?? ''),
    updatedAt: new Date(),
  };
  const [row] = existing
    ? await app.db.update(ssoProviders).set(fields).where(eq(ssoProviders.id, id)).returning()
    : await app.db
        .insert(ssoProviders)
        .values({ id, kind, instituteId: null, ...fields })
        .returning();
  forgetConfiguration(id);
  return view(app, row);
}

/**
 * The institute's own issuer. It is saved only once its discovery document has been read with these settings,
 * and its domains are claimed in the same transaction (one institute per domain).
 */
export async function saveInstituteProvider(
  app: App,
  instituteId: string,
  input: Required<InstituteSsoInput>,
): Promise<SsoProviderView> {
  const existing = await findOwn(app, 'oidc', instituteId);
  const secret = input.clientSecret || (existing ? clientSecretOf(app, existing) : '');
  if (!secret) throw badRequest(SSO_MSG.secretFirst, { clientSecret: SSO_MSG.secretFirst });
  const issuer = input.issuer.replace(/\/+$/u, '');
  const problem = issuerUrlProblem(issuer, app.config.sso.allowHttpIssuers);
  const unreadable = (detail: string) => {
    const message = said('server.auth.sso.issuerUnreadable', { issuer, detail });
    return badRequest(message, { issuer: message });
  };
  if (problem) throw unreadable(problem);
  await discoverIssuer({
    issuer,
    clientId: input.clientId,
    clientSecret: secret,
    allowHttp: app.config.sso.allowHttpIssuers,
  }).catch((error: unknown) => {
    throw unreadable(error instanceof SignInRefused ? error.detail : String(error));
  });
  const domains = parseDomains(input.domains) ?? [];
  await assertOwnsDomains(app, instituteId, domains);
  const id = existing?.id ?? randomUUID();
  const fields = {
    issuer,
    clientId: input.clientId,
    secretEncrypted: encrypted(app, id, secret),
    requireSso: input.requireSso,
    updatedAt: new Date(),
  };
  try {
    const row = await app.db.transaction(async (tx) => {
      const [saved] = existing
        ? await tx.update(ssoProviders).set(fields).where(eq(ssoProviders.id, id)).returning()
        : await tx
            .insert(ssoProviders)
            .values({ id, kind: 'oidc', instituteId, ...fields })
            .returning();
      await tx.delete(ssoDomains).where(eq(ssoDomains.providerId, id));
      await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, providerId: id })));
      return saved;
    });
    forgetConfiguration(id);
    return view(app, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SSO_MSG.domainTaken, { domains: SSO_MSG.domainTaken });
    throw error;
  }
}

/**
 * An institute may claim only what it can show is its own (decision 073 "Whose domains"): the domain of its own
 * account's verified e-mail address and that domain's subdomains — never a public mail domain, nor the platform's
 * own. Otherwise any institute could claim gmail.com and sign in as anyone there.
 */
async function assertOwnsDomains(app: App, instituteId: string, domains: string[]) {
  const institute = await app.db.query.users.findFirst({ where: eq(users.id, instituteId) });
  const own = institute?.emailVerifiedAt ? emailDomain(institute.email) : null;
  const platform = [
    new URL(app.config.publicUrl).hostname,
    emailDomain(app.config.mailFrom.replace(/>$/u, '')),
  ];
  for (const domain of domains) {
    if (PUBLIC_MAIL_DOMAINS.has(domain))
      throw badRequest(SSO_MSG.domainPublic, { domains: SSO_MSG.domainPublic });
    const platformOwn = platform.some((host) => withinDomain(domain, host) || withinDomain(host, domain));
    if (!own || PUBLIC_MAIL_DOMAINS.has(own) || platformOwn || !withinDomain(domain, own)) {
      throw badRequest(SSO_MSG.domainNotOwned, { domains: SSO_MSG.domainNotOwned });
    }
  }
}

export async function removeProvider(app: App, kind: SsoKind, instituteId: string | null): Promise<void> {
  const row = await findOwn(app, kind, instituteId);
  if (!row) throw notFound();
  await app.db.delete(ssoProviders).where(eq(ssoProviders.id, row.id));
  forgetConfiguration(row.id);
}

/** The login page's buttons. */
export async function signInOptions(app: App): Promise<SsoOptions> {
  const rows = await app.db
    .select({ kind: ssoProviders.kind, instituteId: ssoProviders.instituteId })
    .from(ssoProviders);
  const platform = (kind: string) => rows.some((row) => row.kind === kind && row.instituteId === null);
  return {
    google: platform('google'),
    microsoft: platform('microsoft'),
    school: rows.some((row) => row.instituteId),
  };
}

/** The institute whose issuer signs in this address's domain, with its provider. */
export async function providerForDomain(app: App, domain: string) {
  const [row] = await app.db
    .select({ provider: ssoProviders, institute: users })
    .from(ssoDomains)
    .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomains.providerId))
    .innerJoin(users, eq(users.id, ssoProviders.instituteId))
    .where(eq(ssoDomains.domain, domain));
  if (!row?.institute.isActive || row.institute.deletedAt) return null;
  return row;
}

export async function schoolSignIn(app: App, email: string): Promise<SchoolSignIn> {
  const found = await providerForDomain(app, emailDomain(email));
  if (!found) throw notFound(SSO_MSG.noSchool);
  return { providerId: found.provider.id, instituteName: found.institute.fullName };
}

/** The provider a sign-in starts with: a platform kind by name, an institute's by its id. */
export async function providerToStart(app: App, provider: string): Promise<ProviderRow | null> {
  const [row] =
    provider === 'google' || provider === 'microsoft'
      ? await app.db
          .select()
          .from(ssoProviders)
          .where(and(eq(ssoProviders.kind, provider), isNull(ssoProviders.instituteId)))
      : await app.db.select().from(ssoProviders).where(eq(ssoProviders.id, provider));
  return row ?? null;
}

// Discovery documents and keysets change rarely: one read per provider and instance every ten minutes, and at
// once after its settings change here (another instance reads again within ten minutes).
const CONFIG_TTL_MS = 10 * 60 * 1000;
const configurations = new Map<string, { key: string; at: number; config: Promise<oidc.Configuration> }>();

function forgetConfiguration(providerId: string) {
  configurations.delete(providerId);
}

export function configurationOf(app: App, row: ProviderRow): Promise<oidc.Configuration> {
  const key = `${row.updatedAt.getTime()}`;
  const cached = configurations.get(row.id);
  if (cached && cached.key === key && Date.now() - cached.at < CONFIG_TTL_MS) return cached.config;
  const config = discoverIssuer({
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: clientSecretOf(app, row),
    allowHttp: app.config.sso.allowHttpIssuers,
  });
  configurations.set(row.id, { key, at: Date.now(), config });
  config.catch(() => configurations.delete(row.id));
  return config;
}
