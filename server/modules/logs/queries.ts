import { and, asc, between, count, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AppLogList,
  appLogQuerySchema,
  ErrorGroupDetail,
  ErrorGroupList,
  errorGroupQuerySchema,
  RequestLogDetail,
  RequestLogList,
  requestLogQuerySchema,
} from '../../../common/contracts/logs';
import { LOG_LEVELS } from '../../../common/contracts/logs';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { appLogs, errorGroups, requestLogs, users } from '../../db/schema/index';
import { presentAppLog, presentErrorGroup, presentRequest } from './presenters';

type RequestQuery = z.output<typeof requestLogQuerySchema>;
type AppQuery = z.output<typeof appLogQuerySchema>;
type GroupQuery = z.output<typeof errorGroupQuerySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Request rows with their user's name and e-mail (users may have been erased since: left join). */
function selectRequests(db: Db) {
  return db
    .select({ row: requestLogs, fullName: users.fullName, email: users.email })
    .from(requestLogs)
    .leftJoin(users, eq(users.id, requestLogs.userId));
}
const present = (
  rows: { row: typeof requestLogs.$inferSelect; fullName: string | null; email: string | null }[],
) => rows.map(({ row, fullName, email }) => presentRequest(row, { fullName, email }));

/** Newest first, filtered; one row more than asked tells whether there is a next page. */
export async function listRequests(db: Db, query: RequestQuery): Promise<RequestLogList> {
  const where: SQL[] = [];
  if (query.status) {
    const base = Number(query.status[0]) * 100;
    where.push(between(requestLogs.status, base, base + 99));
  }
  if (query.route) where.push(eq(requestLogs.route, query.route));
  if (query.user) {
    if (UUID.test(query.user)) where.push(eq(requestLogs.userId, query.user));
    else {
      const pattern = containsPattern(query.user);
      const matching = db
        .select({ id: users.id })
        .from(users)
        .where(or(ilike(users.email, pattern), ilike(users.fullName, pattern)));
      where.push(inArray(requestLogs.userId, matching));
    }
  }
  if (query.requestId) where.push(eq(requestLogs.requestId, query.requestId));
  if (query.q) where.push(ilike(requestLogs.path, containsPattern(query.q)));
  if (query.from) where.push(gte(requestLogs.at, new Date(query.from)));
  if (query.to) where.push(lte(requestLogs.at, new Date(query.to)));
  if (query.before) where.push(lt(requestLogs.id, query.before));
  const rows = await selectRequests(db)
    .where(and(...where))
    .orderBy(desc(requestLogs.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    requests: present(page),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.row.id ?? null) : null,
  };
}

export async function listAppLogs(db: Db, query: AppQuery): Promise<AppLogList> {
  const where: SQL[] = [];
  if (query.level) where.push(gte(appLogs.level, LOG_LEVELS[query.level]));
  if (query.requestId) where.push(eq(appLogs.requestId, query.requestId));
  if (query.q) where.push(ilike(appLogs.message, containsPattern(query.q)));
  if (query.from) where.push(gte(appLogs.at, new Date(query.from)));
  if (query.to) where.push(lte(appLogs.at, new Date(query.to)));
  if (query.before) where.push(lt(appLogs.id, query.before));
  const rows = await db
    .select()
    .from(appLogs)
    .where(and(...where))
    .orderBy(desc(appLogs.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    logs: page.map(presentAppLog),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** One request by its id, the log lines written while it ran, and the error group it landed in. */
export async function requestDetail(db: Db, requestId: string): Promise<RequestLogDetail | null> {
  const [found] = await selectRequests(db)
    .where(eq(requestLogs.requestId, requestId))
    .orderBy(desc(requestLogs.id))
    .limit(1);
  if (!found) return null;
  const lines = await db
    .select()
    .from(appLogs)
    .where(eq(appLogs.requestId, requestId))
    .orderBy(asc(appLogs.id))
    .limit(200);
  const fingerprint = found.row.errorFingerprint ?? lines.find((line) => line.fingerprint)?.fingerprint;
  const [group] = fingerprint
    ? await db.select().from(errorGroups).where(eq(errorGroups.fingerprint, fingerprint))
    : [];
  return {
    request: present([found])[0],
    logs: lines.map(presentAppLog),
    errorGroup: group ? presentErrorGroup(group) : null,
  };
}

export async function listErrorGroups(db: Db, query: GroupQuery): Promise<ErrorGroupList> {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const matches = or(
      ilike(errorGroups.message, pattern),
      ilike(errorGroups.name, pattern),
      ilike(errorGroups.topFrame, pattern),
    );
    if (matches) where.push(matches);
  }
  if (query.from) where.push(gte(errorGroups.lastSeen, new Date(query.from)));
  if (query.to) where.push(lte(errorGroups.lastSeen, new Date(query.to)));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(errorGroups)
      .where(and(...where))
      .orderBy(desc(errorGroups.lastSeen), asc(errorGroups.fingerprint))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: count() })
      .from(errorGroups)
      .where(and(...where)),
  ]);
  return { groups: rows.map(presentErrorGroup), total };
}

/** A group with its latest stack, the request of its latest occurrence and the latest requests it failed. */
export async function errorGroupDetail(db: Db, fingerprint: string): Promise<ErrorGroupDetail | null> {
  const [group] = await db.select().from(errorGroups).where(eq(errorGroups.fingerprint, fingerprint));
  if (!group) return null;
  const [latest, recent] = await Promise.all([
    group.latestRequestId
      ? selectRequests(db)
          .where(eq(requestLogs.requestId, group.latestRequestId))
          .orderBy(desc(requestLogs.id))
          .limit(1)
      : Promise.resolve([]),
    selectRequests(db)
      .where(eq(requestLogs.errorFingerprint, fingerprint))
      .orderBy(desc(requestLogs.id))
      .limit(20),
  ]);
  return {
    group: { ...presentErrorGroup(group), latestStack: group.latestStack },
    latestRequest: latest.length > 0 ? present(latest)[0] : null,
    requests: present(recent),
  };
}
