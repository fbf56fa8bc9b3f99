import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DigestSettings } from '../../../common/contracts/insights';
import { isUserType } from '../../../common/roles';
import { formatClock } from '../../../common/time';
import {
  courses,
  insightDigestSettings,
  insightDigests,
  insightMoments,
  insightQuizQuestions,
  insightUnansweredGroups,
  insightViewing,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { mailText, type Say, sayTo } from '../../http/mail-text';
import type { PeriodicTask } from '../../jobs/periodic';
import { moduleAccess } from '../plans/module-access';
import { courseOwner, liveTitle } from './scope';

/** The digest goes out on Mondays from this hour (UTC), once per person and ISO week. */
export const DIGEST_HOUR_UTC = 6;
/** A quiz question or a drop-off is worth a line only with at least this many answers or viewers behind it. */
export const DIGEST_MIN_EVIDENCE = 3;

export async function digestSettings(app: App, userId: string): Promise<DigestSettings> {
  const [row] = await app.db
    .select({ weeklyDigest: insightDigestSettings.weeklyDigest })
    .from(insightDigestSettings)
    .where(eq(insightDigestSettings.userId, userId));
  return { weeklyDigest: row?.weeklyDigest ?? true };
}

export async function saveDigestSettings(
  app: App,
  userId: string,
  input: DigestSettings,
): Promise<DigestSettings> {
  await app.db
    .insert(insightDigestSettings)
    .values({ userId, weeklyDigest: input.weeklyDigest })
    .onConflictDoUpdate({
      target: insightDigestSettings.userId,
      set: { weeklyDigest: input.weeklyDigest, updatedAt: new Date() },
    });
  return digestSettings(app, userId);
}

/** ISO 8601 week of a date (UTC), e.g. '2026-W49': weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

interface Recipient {
  id: string;
  email: string;
  fullName: string;
  userType: 'teacher' | 'institute';
  instituteId: string | null;
  /** The language the person chose ('' = never chose): the digest is written in it (decision 070). */
  locale?: string;
}

/** One line of a digest: what, in which course. */
export interface DigestItem {
  kind: 'moment' | 'unanswered' | 'quiz' | 'drop-off';
  courseId: string;
  text: string;
}

const quote = (text: string, max = 140) => `"${text.length > max ? `${text.slice(0, max - 1)}…` : text}"`;

/** Where a moment is, in words: "at 1:30", "slide 3", "page 4". */
function momentPlace(say: Say, moment: typeof insightMoments.$inferSelect): string {
  if (moment.kind === 'slide' && moment.slide !== null)
    return ` ${say('server.insights.digest.slide', { slide: String(moment.slide) })}`;
  if (moment.kind === 'video' && moment.startSeconds !== null)
    return ` ${say('server.insights.digest.at', { time: formatClock(moment.startSeconds) })}`;
  if (moment.kind === 'material' && moment.page !== null)
    return ` ${say('server.insights.digest.page', { page: String(moment.page) })}`;
  return '';
}

/** "\n   For example: "…"" under an item, when it has an example. */
const exampleLine = (say: Say, example: string | undefined) =>
  example ? `\n   ${say('server.insights.digest.example', { example: quote(example) })}` : '';

/**
 * The three biggest things across the person's live courses (an institute: also its teachers'): the moment asked
 * about most this week, the largest group of questions the gurus could not answer this week (not yet fixed), and
 * the quiz question with the lowest right rate — or, when no quiz question has one to show, the lesson where most
 * unfinished viewers stopped. Read from the insight tables.
 */
export async function digestItems(app: App, recipient: Recipient): Promise<DigestItem[]> {
  const scope = await app.db
    .select({ id: courses.id, title: liveTitle })
    .from(courses)
    .innerJoin(courseOwner, eq(courseOwner.id, courses.ownerId))
    .where(
      and(
        isNotNull(courses.approvedSnapshot),
        recipient.userType === 'institute'
          ? or(eq(courses.ownerId, recipient.id), eq(courseOwner.instituteId, recipient.id))
          : eq(courses.ownerId, recipient.id),
      ),
    );
  if (scope.length === 0) return [];
  const ids = scope.map((course) => course.id);
  const titleOf = new Map(scope.map((course) => [course.id, course.title]));
  const [[moment], [group], [quiz], [viewing]] = await Promise.all([
    app.db
      .select()
      .from(insightMoments)
      .where(and(inArray(insightMoments.courseId, ids), gt(insightMoments.thisWeek, 0)))
      .orderBy(desc(insightMoments.thisWeek), desc(insightMoments.asks))
      .limit(1),
    app.db
      .select()
      .from(insightUnansweredGroups)
      .where(
        and(
          inArray(insightUnansweredGroups.courseId, ids),
          gt(insightUnansweredGroups.thisWeek, 0),
          isNull(insightUnansweredGroups.fixedAt),
        ),
      )
      .orderBy(desc(insightUnansweredGroups.thisWeek), desc(insightUnansweredGroups.asks))
      .limit(1),
    app.db
      .select()
      .from(insightQuizQuestions)
      .where(
        and(
          inArray(insightQuizQuestions.courseId, ids),
          gte(insightQuizQuestions.answers, DIGEST_MIN_EVIDENCE),
          lt(insightQuizQuestions.rightRate, 1),
        ),
      )
      .orderBy(insightQuizQuestions.rightRate, desc(insightQuizQuestions.answers))
      .limit(1),
    app.db
      .select()
      .from(insightViewing)
      .where(
        and(inArray(insightViewing.courseId, ids), gte(insightViewing.dropOffViewers, DIGEST_MIN_EVIDENCE)),
      )
      .orderBy(desc(insightViewing.dropOffViewers), desc(insightViewing.dropOffShare))
      .limit(1),
  ]);
  const say = sayTo(recipient);
  const items: DigestItem[] = [];
  if (moment) {
    items.push({
      kind: 'moment',
      courseId: moment.courseId,
      text: `${say('server.insights.digest.moment', {
        title: quote(moment.title),
        place: momentPlace(say, moment),
        course: titleOf.get(moment.courseId) ?? '',
        count: moment.thisWeek,
        guru: moment.guruName,
      })}${exampleLine(say, moment.examples[0])}`,
    });
  }
  if (group) {
    items.push({
      kind: 'unanswered',
      courseId: group.courseId,
      text: `${say('server.insights.digest.unanswered', {
        guru: group.guruName,
        count: group.thisWeek,
        terms: quote(group.terms.join(', ')),
        course: titleOf.get(group.courseId) ?? '',
      })}${exampleLine(say, group.examples[0])}`,
    });
  }
  if (quiz) {
    items.push({
      kind: 'quiz',
      courseId: quiz.courseId,
      text: say('server.insights.digest.quiz', {
        percent: Math.round(quiz.rightRate * 100),
        count: quiz.answers,
        prompt: quote(quiz.prompt),
        quiz: quiz.quizTitle,
        course: titleOf.get(quiz.courseId) ?? '',
      }),
    });
  } else if (viewing && viewing.dropOffSeconds !== null && viewing.dropOffShare !== null) {
    items.push({
      kind: 'drop-off',
      courseId: viewing.courseId,
      text: say('server.insights.digest.dropOff', {
        percent: Math.round(viewing.dropOffShare * 100),
        title: quote(viewing.title),
        course: titleOf.get(viewing.courseId) ?? '',
        time: formatClock(viewing.dropOffSeconds),
      }),
    });
  }
  return items;
}

export function digestMail(
  app: App,
  recipient: Pick<Recipient, 'email' | 'fullName' | 'locale'>,
  items: DigestItem[],
) {
  const base = app.config.publicUrl;
  const say = sayTo(recipient);
  const lines = items.map(
    (item, index) => `${index + 1}. ${item.text}\n   ${base}/report?tab=insights&course=${item.courseId}`,
  );
  return {
    to: recipient.email,
    subject: say('server.insights.digest.subject', { count: items.length }),
    text: mailText(say, recipient.fullName, [
      say('server.insights.digest.intro'),
      lines.join('\n\n'),
      say('server.insights.digest.turnOff', { link: `${base}/report?tab=insights` }),
    ]),
  };
}

/**
 * The weekly digest: on Mondays from DIGEST_HOUR_UTC, each teacher and institute with a live course, the digest
 * on and a plan with reports gets one mail with digestItems — none when there is nothing to say. Each person is
 * claimed for the week (insight_digests) before the mail goes out, so another server or a restart never sends it
 * twice; a mail that fails gives the claim back and the next hourly run tries again. Admins get none. Answers the
 * number of mails sent.
 */
export async function sendWeeklyDigests(app: App, now = new Date()): Promise<number> {
  if (now.getUTCDay() !== 1 || now.getUTCHours() < DIGEST_HOUR_UTC) return 0;
  const week = isoWeek(now);
  const { rows } = await app.db.execute<{
    id: string;
    email: string;
    full_name: string;
    user_type: string;
    institute_id: string | null;
    locale: string;
  }>(sql`
    select u.id, u.email, u.full_name, u.user_type, u.institute_id, u.locale
    from users u
    left join insight_digest_settings d on d.user_id = u.id
    where u.user_type in ('teacher', 'institute') and u.is_active and u.deleted_at is null
      and coalesce(d.weekly_digest, true)
      and not exists (select 1 from insight_digests x where x.user_id = u.id and x.week = ${week})
      and exists (
        select 1 from courses c join users o on o.id = c.owner_id
        where c.approved_snapshot is not null
          and (c.owner_id = u.id or (u.user_type = 'institute' and o.institute_id = u.id)))
    order by u.created_at, u.id`);
  let sent = 0;
  for (const row of rows) {
    if (!isUserType(row.user_type) || (row.user_type !== 'teacher' && row.user_type !== 'institute'))
      continue;
    const recipient: Recipient = {
      id: row.id,
      email: row.email,
      fullName: row.full_name,
      userType: row.user_type,
      instituteId: row.institute_id,
      locale: row.locale,
    };
    const [claimed] = await app.db
      .insert(insightDigests)
      .values({ userId: recipient.id, week })
      .onConflictDoNothing()
      .returning({ userId: insightDigests.userId });
    if (!claimed) continue;
    const access = await moduleAccess(
      app,
      { userId: recipient.id, userType: recipient.userType, instituteId: recipient.instituteId },
      'reports',
    );
    const items = access === 'NONE' ? [] : await digestItems(app, recipient);
    if (items.length === 0) continue;
    try {
      await app.mailer.send(digestMail(app, recipient, items));
      await app.db
        .update(insightDigests)
        .set({ items: items.length })
        .where(and(eq(insightDigests.userId, recipient.id), eq(insightDigests.week, week)));
      sent += 1;
    } catch (error) {
      await app.db
        .delete(insightDigests)
        .where(and(eq(insightDigests.userId, recipient.id), eq(insightDigests.week, week)));
      app.log.error({ err: error, userId: recipient.id }, 'could not send the weekly insights digest');
    }
  }
  return sent;
}

export const weeklyDigestTask: PeriodicTask = {
  name: 'weekly insights digest',
  everyMs: 60 * 60_000,
  atStart: 'background',
  run: (app) => sendWeeklyDigests(app),
};
