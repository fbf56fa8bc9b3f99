import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  ilike,
  inArray,
  isNotNull,
  max,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminListFilters, AdminStudentRow, TeacherRow } from '../../../common/contracts/reports';
import { containsPattern } from '../../db/like-pattern';
import { courseSubscriptions, courses, users, videoProgress } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { attemptFacts, attemptsLastAt, attemptTotals, groupBy, latest } from './learner-stats';

/** Keeps IN lists far below PostgreSQL's 65,535 bind parameters when a whole list is exported. */
const CHUNK = 5000;

async function inChunks<T>(ids: string[], load: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) found.push(...(await load(ids.slice(i, i + CHUNK))));
  return found;
}

/** Users of the given types matching the search, by name; one page, or all (`pageSize` null) for CSV. */
async function peopleOf(app: App, where: SQL | undefined, query: AdminListFilters, all: boolean) {
  const { page, pageSize } = query;
  const pattern = query.search ? containsPattern(query.search) : null;
  const institute = alias(users, 'institute');
  const condition = and(
    where,
    pattern ? or(ilike(users.fullName, pattern), ilike(users.email, pattern)) : undefined,
  );
  const select = app.db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      userType: users.userType,
      instituteName: institute.fullName,
    })
    .from(users)
    .leftJoin(institute, eq(institute.id, users.instituteId))
    .where(condition)
    .orderBy(asc(users.fullName), asc(users.email));
  const rows = all ? await select : await select.limit(pageSize).offset((page - 1) * pageSize);
  const [{ total }] = await app.db.select({ total: count() }).from(users).where(condition);
  return { rows, total, page, pageSize };
}

/** Teachers and institutes with their own courses' figures (an institute's row: courses it owns itself). */
export async function listTeachers(app: App, query: AdminListFilters, all: boolean) {
  const people = await peopleOf(app, inArray(users.userType, ['teacher', 'institute']), query, all);
  const ids = people.rows.map((row) => row.id);
  const owned = await inChunks(ids, (chunk) =>
    app.db
      .select({
        id: courses.id,
        ownerId: courses.ownerId,
        live: sql<boolean>`${courses.approvedSnapshot} is not null`,
      })
      .from(courses)
      .where(inArray(courses.ownerId, chunk)),
  );
  const subscribers = await inChunks(ids, (chunk) =>
    app.db
      .select({ ownerId: courses.ownerId, students: countDistinct(courseSubscriptions.userId) })
      .from(courseSubscriptions)
      .innerJoin(courses, eq(courses.id, courseSubscriptions.courseId))
      .where(inArray(courses.ownerId, chunk))
      .groupBy(courses.ownerId),
  );
  const courseIds = owned.map((course) => course.id);
  const attempts = await inChunks(courseIds, (chunk) => attemptFacts(app, { courseIds: chunk }));
  const ownerOf = new Map(owned.map((course) => [course.id, course.ownerId]));
  const coursesBy = groupBy(owned, (course) => course.ownerId);
  const attemptsBy = groupBy(attempts, (a) => ownerOf.get(a.courseId) ?? '');
  const subscribersBy = new Map(subscribers.map((s) => [s.ownerId, s.students]));
  const rows = people.rows.map((person): TeacherRow => {
    const theirs = coursesBy.get(person.id) ?? [];
    const totals = attemptTotals(attemptsBy.get(person.id) ?? []);
    return {
      id: person.id,
      fullName: person.fullName,
      email: person.email,
      userType: person.userType === 'institute' ? 'institute' : 'teacher',
      instituteName: person.instituteName,
      courses: theirs.length,
      approvedCourses: theirs.filter((course) => course.live).length,
      subscribers: subscribersBy.get(person.id) ?? 0,
      attempts: totals.attempts,
      averagePercent: totals.averagePercent,
    };
  });
  return { ...people, rows };
}

/** Students with their subscriptions, finished attempts, average score and last activity. */
export async function listAdminStudents(app: App, query: AdminListFilters, all: boolean) {
  const people = await peopleOf(app, eq(users.userType, 'student'), query, all);
  const ids = people.rows.map((row) => row.id);
  const subscriptions = await inChunks(ids, (chunk) =>
    app.db
      .select({
        userId: courseSubscriptions.userId,
        count: count(),
        lastAt: max(courseSubscriptions.createdAt),
      })
      .from(courseSubscriptions)
      .innerJoin(courses, eq(courses.id, courseSubscriptions.courseId))
      .where(and(inArray(courseSubscriptions.userId, chunk), isNotNull(courses.approvedSnapshot)))
      .groupBy(courseSubscriptions.userId),
  );
  const watched = await inChunks(ids, (chunk) =>
    app.db
      .select({ userId: videoProgress.userId, lastAt: max(videoProgress.updatedAt) })
      .from(videoProgress)
      .where(inArray(videoProgress.userId, chunk))
      .groupBy(videoProgress.userId),
  );
  const attempts = await inChunks(ids, (chunk) => attemptFacts(app, { userIds: chunk }));
  const subscribedBy = new Map(subscriptions.map((s) => [s.userId, s]));
  const watchedBy = new Map(watched.map((w) => [w.userId, w.lastAt]));
  const attemptsBy = groupBy(attempts, (a) => a.userId);
  const rows = people.rows.map((person): AdminStudentRow => {
    const subscribed = subscribedBy.get(person.id);
    const theirs = attemptsBy.get(person.id) ?? [];
    const totals = attemptTotals(theirs);
    const lastAt = latest(subscribed?.lastAt, watchedBy.get(person.id), attemptsLastAt(theirs));
    return {
      id: person.id,
      fullName: person.fullName,
      email: person.email,
      subscriptions: subscribed?.count ?? 0,
      attempts: totals.attempts,
      averagePercent: totals.averagePercent,
      lastActivityAt: lastAt?.toISOString() ?? null,
    };
  });
  return { ...people, rows };
}
