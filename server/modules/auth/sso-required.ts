import { and, eq } from 'drizzle-orm';
import { emailDomain } from '../../../common/contracts/sso';
import { ssoDomains, ssoProviders, users } from '../../db/schema/index';
import type { App } from '../../http/app-type';

/**
 * The institute that asks this person to sign in through its own issuer (issue 34: "an institute can require
 * SSO for its people"), or null. Only its members whose address is in one of its domains: the institute's own
 * account and anyone outside its domains keep their password, so nobody is locked out by a typo in a domain.
 */
export async function ssoRequiredBy(
  app: App,
  user: { email: string; instituteId: string | null },
): Promise<{ instituteName: string } | null> {
  if (!user.instituteId) return null;
  const domain = emailDomain(user.email);
  const [row] = await app.db
    .select({ instituteName: users.fullName })
    .from(ssoProviders)
    .innerJoin(ssoDomains, eq(ssoDomains.providerId, ssoProviders.id))
    .innerJoin(users, eq(users.id, ssoProviders.instituteId))
    .where(
      and(
        eq(ssoProviders.instituteId, user.instituteId),
        eq(ssoProviders.requireSso, true),
        eq(ssoDomains.domain, domain),
      ),
    );
  return row ?? null;
}
