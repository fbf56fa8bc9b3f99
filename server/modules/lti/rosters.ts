import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RosterOutcome } from '../../../common/contracts/lti';
import { ltiContexts, ltiIdentities, ltiPlatforms } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { accountFor, type Launch, LaunchRefused, LTI } from './launch';
import { ownedBy } from './registrations';
import { callService, LtiServiceFailed, serviceToken } from './service-token';

/**
 * Names and Role Provisioning Services 2.0 (decision 075). Each launch from an LMS course records that course and
 * its membership URL; the registering institute can then add the course's learners as its students at once, with
 * the accounts their launches will land in (the same platform user id), instead of waiting for each first launch.
 */
const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
export const ROSTER_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const MEMBERSHIP_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
const MAX_PAGES = 50;
const LEARNER = /(^|[#/])Learner$/u;
const TEACHING = /(^|[#/])(Instructor|ContentDeveloper|Mentor|TeachingAssistant|Administrator)$/u;

/** At any launch from an LMS course: the course, and where its roster can be read when the LMS offers it. */
export async function recordContext(app: App, launch: Launch): Promise<void> {
  const context = launch.claims[`${LTI}context`] as
    | { id?: unknown; title?: unknown; label?: unknown }
    | undefined;
  if (typeof context?.id !== 'string' || !context.id) return;
  const service = launch.claims[NRPS_CLAIM] as { context_memberships_url?: unknown } | undefined;
  const membershipsUrl =
    typeof service?.context_memberships_url === 'string' ? service.context_memberships_url : null;
  const title = [context.title, context.label, context.id].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  ) as string;
  await app.db
    .insert(ltiContexts)
    .values({
      platformId: launch.platform.id,
      contextId: context.id,
      title: title.slice(0, 200),
      membershipsUrl,
    })
    .onConflictDoUpdate({
      target: [ltiContexts.platformId, ltiContexts.contextId],
      set: {
        title: title.slice(0, 200),
        membershipsUrl: sql`coalesce(excluded.memberships_url, ${ltiContexts.membershipsUrl})`,
        lastLaunchAt: new Date(),
      },
    });
}

interface Member {
  user_id?: unknown;
  status?: unknown;
  roles?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  email?: unknown;
}

/** Every member of the course, following the LMS's pages (`Link: <…>; rel="next"`, NRPS §2.4.2). */
async function members(app: App, token: string, firstUrl: string): Promise<Member[]> {
  const all: Member[] = [];
  let url: string | null = firstUrl;
  for (let page = 0; url && page < MAX_PAGES; page += 1) {
    const response: Response = await callService(app, url, { method: 'GET', token, accept: MEMBERSHIP_TYPE });
    const body = (await response.json().catch(() => null)) as { members?: unknown } | null;
    if (!Array.isArray(body?.members)) break;
    all.push(...(body.members as Member[]));
    const next = /<([^>]+)>\s*;\s*rel="?next"?/u.exec(response.headers.get('link') ?? '');
    url = next ? new URL(next[1], url).href : null;
  }
  return all;
}

/** The LMS course, when it is of a registration this owner holds (else 404). */
export async function rosterSource(app: App, ownerId: string | null, platformId: string, contextId: string) {
  const [row] = await app.db
    .select({ context: ltiContexts, platform: ltiPlatforms })
    .from(ltiContexts)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId))
    .where(and(eq(ltiContexts.id, contextId), eq(ltiPlatforms.id, platformId), ownedBy(ownerId)));
  if (!row) throw notFound();
  return row;
}

/**
 * Adds an LMS course's learners as the institute's students (instructors are left to their own first launch:
 * a roster must not make teachers). Idempotent: a learner already known keeps their account.
 */
export async function pullRoster(
  app: App,
  { context, platform }: Awaited<ReturnType<typeof rosterSource>>,
): Promise<RosterOutcome> {
  if (!context.membershipsUrl) throw new AppError('CONFLICT', said('server.auth.lti.noRoster'));
  let list: Member[];
  try {
    list = await members(app, await serviceToken(app, platform, [ROSTER_SCOPE]), context.membershipsUrl);
  } catch (error) {
    app.log.warn({ lti: { platform: platform.name, detail: String(error) } }, 'LTI roster not read');
    const silent = error instanceof LtiServiceFailed && error.unreachable;
    throw new AppError(
      'BAD_GATEWAY',
      said(silent ? 'server.auth.lti.rosterNoAnswer' : 'server.auth.lti.rosterUnreadable'),
    );
  }
  const outcome: RosterOutcome = {
    added: 0,
    alreadyHere: 0,
    instructors: 0,
    inactive: 0,
    refused: 0,
    noSeat: 0,
  };
  const subjects = list.map((member) => String(member.user_id ?? '')).filter(Boolean);
  const known = new Set(
    subjects.length
      ? (
          await app.db
            .select({ subject: ltiIdentities.subject })
            .from(ltiIdentities)
            .where(and(eq(ltiIdentities.platformId, platform.id), inArray(ltiIdentities.subject, subjects)))
        ).map((identity) => identity.subject)
      : [],
  );
  for (const member of list) {
    const roles = Array.isArray(member.roles) ? member.roles.map(String) : [];
    if (typeof member.user_id !== 'string' || !member.user_id) continue;
    if (roles.some((role) => TEACHING.test(role)) || !roles.some((role) => LEARNER.test(role))) {
      outcome.instructors += 1;
    } else if (member.status !== undefined && member.status !== 'Active') {
      outcome.inactive += 1;
    } else if (known.has(member.user_id)) {
      outcome.alreadyHere += 1;
    } else if (outcome.noSeat > 0) {
      // The plan's seats ran out on an earlier learner: the rest cannot fit either.
      outcome.noSeat += 1;
    } else {
      try {
        await accountFor(app, platform, { ...member, sub: member.user_id }, 'student');
        outcome.added += 1;
      } catch (error) {
        if (!(error instanceof LaunchRefused)) throw error;
        if (error.reason === 'lti-no-seat') outcome.noSeat += 1;
        else outcome.refused += 1;
      }
    }
  }
  await app.db
    .update(ltiContexts)
    .set({ rosterPulledAt: new Date(), rosterAdded: outcome.added })
    .where(eq(ltiContexts.id, context.id));
  return outcome;
}
