import { eq } from 'drizzle-orm';
import { type CertificateRow, certificates, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { forbidden, notFound } from '../../http/errors';
import { canAuthorFor } from '../../http/policies';
import { said } from '../../i18n/said';

export const CERTIFICATE_NOT_FOUND = said('server.certificates.notFound');

export async function findCertificate(app: App, id: string): Promise<CertificateRow | null> {
  const [row] = await app.db.select().from(certificates).where(eq(certificates.id, id));
  return row ?? null;
}

/** Whether the actor authors the course the certificate was issued for: its owner, their institute, an admin. */
async function authorsIt(app: App, actor: Actor, row: CertificateRow): Promise<boolean> {
  if (actor.userType === 'admin') return true;
  if (!row.ownerId) return false;
  const [owner] = await app.db
    .select({ id: users.id, instituteId: users.instituteId })
    .from(users)
    .where(eq(users.id, row.ownerId));
  return owner ? canAuthorFor(actor, owner) : false;
}

/**
 * A certificate the actor may hold a copy of: its learner, or the course's authors (404 for an unknown id, 403
 * for somebody else's). `manage` (revoking) is the authors' only.
 */
export async function loadCertificateFor(
  app: App,
  actor: Actor,
  id: string,
  manage = false,
): Promise<CertificateRow> {
  const row = await findCertificate(app, id);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  if (!manage && row.userId === actor.userId) return row;
  if (await authorsIt(app, actor, row)) return row;
  throw forbidden(said('server.certificates.notYours'));
}
