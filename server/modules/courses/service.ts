import { and, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { courseInfoSchema, courseListQuerySchema } from '../../../common/contracts/courses';
import {
  APPROVAL_STATUSES,
  type CourseStep,
  type SubmissionFacts,
  statusAfterEdit,
} from '../../../common/courses';
import { containsPattern } from '../../db/like-pattern';
import {
  type CourseRow,
  certificateRules,
  courseFaqs,
  courseMaterials,
  courseSubscriptions,
  courses,
  courseVideos,
  storedFiles,
  users,
} from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { loadAuthored } from '../../http/load-authored';
import { said } from '../../i18n/said';
import { removeStoredFile, removeStoredImage } from '../files/uploads';
import { broadcastApprovalCount } from './approval-count';

export type CourseInfo = z.output<typeof courseInfoSchema>;
type ListQuery = z.output<typeof courseListQuerySchema>;

/** Loads a course the actor may author, or answers 404/403. */
export function loadAuthoredCourse(app: App, actor: Actor, courseId: string): Promise<CourseRow> {
  return loadAuthored(app, actor, courses, courseId, {
    notFound: 'Course not found',
    forbidden: said('server.courses.cannotOpen'),
  });
}

export async function createCourse(app: App, actor: Actor, info: CourseInfo): Promise<CourseRow> {
  const [course] = await app.db
    .insert(courses)
    .values({ ...info, ownerId: actor.userId })
    .returning();
  return course;
}

/**
 * The status columns after an author's edit, decided in the UPDATE itself so an approval landing at the same
 * moment is never undone. Editing an approved course is a new re-approval request: it waits in the admin
 * queue from now, and the admins' pending count changes.
 */
const CHANGED_BY_EDIT = APPROVAL_STATUSES.filter((status) => statusAfterEdit(status) !== status);
const AFTER_EDIT = {
  approvalStatus: sql`case ${courses.approvalStatus} ${sql.join(
    CHANGED_BY_EDIT.map((status) => sql`when ${status} then ${statusAfterEdit(status)}`),
    sql` `,
  )} else ${courses.approvalStatus} end`,
  submittedAt: sql`case when ${inArray(courses.approvalStatus, CHANGED_BY_EDIT)} then now() else ${courses.submittedAt} end`,
};

async function afterEdit(app: App, updated: CourseRow | undefined): Promise<void> {
  // Sending the count when nothing changed is harmless; missing a change is not.
  if (updated?.approvalStatus === 'PENDING_REAPPROVAL') await broadcastApprovalCount(app);
}

/** Saves the information step; an approved course moves to PENDING_REAPPROVAL while its live version stays. */
export async function updateCourseInfo(app: App, course: CourseRow, info: CourseInfo): Promise<CourseRow> {
  const [updated] = await app.db
    .update(courses)
    .set({ ...info, ...AFTER_EDIT, updatedAt: new Date() })
    .where(eq(courses.id, course.id))
    .returning();
  await afterEdit(app, updated);
  return updated;
}

/**
 * Sets the course picture. The previous picture (and its smaller copies) is deleted unless the live (approved)
 * version still shows it.
 */
export async function setCourseThumbnail(app: App, course: CourseRow, key: string): Promise<CourseRow> {
  const [updated] = await app.db
    .update(courses)
    .set({ thumbnailPath: key, ...AFTER_EDIT, updatedAt: new Date() })
    .where(eq(courses.id, course.id))
    .returning();
  await afterEdit(app, updated);
  const live = (course.approvedSnapshot as { info?: { thumbnailPath?: string | null } } | null)?.info
    ?.thumbnailPath;
  if (course.thumbnailPath && course.thumbnailPath !== live && course.thumbnailPath !== key)
    await removeStoredImage(app, course.thumbnailPath);
  return updated;
}

/** Marks a working-version change made by another step (videos, FAQ, material). */
export async function touchCourse(app: App, course: CourseRow): Promise<void> {
  const [updated] = await app.db
    .update(courses)
    .set({ ...AFTER_EDIT, updatedAt: new Date() })
    .where(eq(courses.id, course.id))
    .returning();
  await afterEdit(app, updated);
}

/** Whose courses an author sees: their own; an institute also its teachers'; an admin all. */
function visibleTo(actor: Actor): SQL | undefined {
  if (actor.userType === 'admin') return undefined;
  if (actor.userType === 'institute') {
    return or(
      eq(courses.ownerId, actor.userId),
      inArray(courses.ownerId, sql`(select id from users where institute_id = ${actor.userId})`),
    );
  }
  return eq(courses.ownerId, actor.userId);
}

const exists = (table: typeof courseFaqs | typeof courseMaterials) =>
  sql`exists (select 1 from ${table} where ${table.courseId} = ${courses.id})`;

/** A course "has a quiz" once a quiz in its working version has a question (archived quizzes left out). */
// Written out with aliases: drizzle leaves columns unqualified in a one-table select, where "id" would be
// read as the subquery's own column.
const hasQuiz = sql`exists (select 1 from quizzes q where q.course_id = courses.id and q.archived_at is null and exists (select 1 from quiz_questions qq where qq.quiz_id = q.id))`;

function filterCondition(filter: ListQuery['filter']): SQL | undefined {
  switch (filter) {
    case 'withFaq':
      return exists(courseFaqs);
    case 'withoutFaq':
      return sql`not ${exists(courseFaqs)}`;
    case 'withStudyMaterial':
      return exists(courseMaterials);
    case 'withoutStudyMaterial':
      return sql`not ${exists(courseMaterials)}`;
    case 'withQuiz':
      return hasQuiz;
    case 'withoutQuiz':
      return sql`not ${hasQuiz}`;
    default:
      return undefined;
  }
}

export async function listCourses(app: App, actor: Actor, query: ListQuery) {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const where = and(
    visibleTo(actor),
    pattern ? or(ilike(courses.title, pattern), ilike(courses.category, pattern)) : undefined,
    query.status ? eq(courses.approvalStatus, query.status) : undefined,
    filterCondition(query.filter),
  );
  const [{ total }] = await app.db.select({ total: count() }).from(courses).where(where);
  const rows = await app.db
    .select({
      course: courses,
      ownerName: users.fullName,
      videos: sql<number>`(select count(*)::int from ${courseVideos} where ${courseVideos.courseId} = ${courses.id} and ${courseVideos.kind} = 'lesson')`,
      faqs: sql<number>`(select count(*)::int from ${courseFaqs} where ${courseFaqs.courseId} = ${courses.id})`,
      materials: sql<number>`(select count(*)::int from ${courseMaterials} where ${courseMaterials.courseId} = ${courses.id})`,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(where)
    .orderBy(desc(courses.updatedAt))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { total, page: query.page, pageSize: query.pageSize, rows };
}

/** Where an author stands: which wizard steps are complete and what decides a submission. */
export interface CourseProgress {
  steps: Record<CourseStep, boolean>;
  submission: SubmissionFacts;
}

/** The wizard's step completion and the submission facts, from the data itself (nothing to keep in sync). */
export async function courseProgress(app: App, course: CourseRow): Promise<CourseProgress> {
  const [counts] = await app.db
    .select({
      lessons: sql<number>`count(*) filter (where ${courseVideos.kind} = 'lesson' and ${courseVideos.processingStatus} = 'ready')::int`,
      previews: sql<number>`count(*) filter (where ${courseVideos.kind} = 'preview' and ${courseVideos.processingStatus} = 'ready')::int`,
      processing: sql<number>`count(*) filter (where ${courseVideos.processingStatus} = 'processing')::int`,
    })
    .from(courseVideos)
    .where(eq(courseVideos.courseId, course.id));
  const [{ faqs }] = await app.db
    .select({ faqs: count() })
    .from(courseFaqs)
    .where(eq(courseFaqs.courseId, course.id));
  const [{ materials }] = await app.db
    .select({ materials: count() })
    .from(courseMaterials)
    .where(eq(courseMaterials.courseId, course.id));
  const [withQuiz] = await app.db
    .select({ quiz: sql<boolean>`${hasQuiz}` })
    .from(courses)
    .where(eq(courses.id, course.id));
  const [rules] = await app.db
    .select({ courseId: certificateRules.courseId })
    .from(certificateRules)
    .where(eq(certificateRules.courseId, course.id));
  const informationComplete = Boolean(
    course.title && course.description && course.category && course.level && course.language,
  );
  return {
    steps: {
      'course-information': informationComplete,
      'course-videos': counts.lessons > 0 && counts.processing === 0,
      quiz: withQuiz?.quiz === true,
      faq: faqs > 0,
      'study-material': materials > 0,
      'preview-videos': counts.previews > 0,
      // Certificates work with the default rules; the step is done once the author has saved rules of their own.
      certificate: Boolean(rules),
    },
    submission: { informationComplete, readyLessons: counts.lessons, processingVideos: counts.processing },
  };
}

/** Which wizard steps are complete. */
export async function stepCompletion(app: App, course: CourseRow): Promise<Record<CourseStep, boolean>> {
  return (await courseProgress(app, course)).steps;
}

/**
 * Deletes a course nobody has subscribed to (a course with learners must stay for them), then every file
 * stored under its folder — videos, captions, picture, material — so the owner's storage is freed.
 */
export async function deleteCourse(app: App, course: CourseRow): Promise<void> {
  const [{ learners }] = await app.db
    .select({ learners: count() })
    .from(courseSubscriptions)
    .where(eq(courseSubscriptions.courseId, course.id));
  if (learners > 0) {
    throw new AppError('CONFLICT', said('server.courses.hasLearners', { count: learners }));
  }
  await app.db.delete(courses).where(eq(courses.id, course.id));
  const files = await app.db
    .select({ path: storedFiles.path })
    .from(storedFiles)
    .where(like(storedFiles.path, `courses/${course.id}/%`));
  for (const file of files) await removeStoredFile(app, file.path);
}
