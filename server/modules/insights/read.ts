import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { CourseInsights, InsightCourseList } from '../../../common/contracts/insights';
import { containsPattern } from '../../db/like-pattern';
import { courses, insightCourses } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { canAuthorFor } from '../../http/policies';
import {
  type InsightsJson,
  isoOf,
  presentGroup,
  presentHeat,
  presentMoment,
  presentQuizQuestion,
  presentViewing,
} from './presenters';
import { isRefreshing, queueRefresh } from './refresh';
import { COURSE_NOT_FOUND, courseOwner, insightScope, liveTitle } from './scope';

export const COURSES_PAGE_SIZE = 20;

/** The courses the actor sees insights of, by title, a page at a time. */
export async function listInsightCourses(
  app: App,
  actor: Actor,
  query: { search?: string; page: number },
): Promise<InsightCourseList> {
  const where = and(
    insightScope(actor),
    query.search ? ilike(liveTitle, containsPattern(query.search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    app.db
      .select({
        id: courses.id,
        title: liveTitle,
        ownerName: courseOwner.fullName,
        students: sql<number>`(select count(*) from course_subscriptions s where s.course_id = ${courses.id})::int`,
        refreshedAt: insightCourses.refreshedAt,
      })
      .from(courses)
      .innerJoin(courseOwner, eq(courseOwner.id, courses.ownerId))
      .leftJoin(insightCourses, eq(insightCourses.courseId, courses.id))
      .where(where)
      .orderBy(asc(liveTitle), asc(courses.id))
      .limit(COURSES_PAGE_SIZE)
      .offset((query.page - 1) * COURSES_PAGE_SIZE),
    app.db
      .select({ n: count() })
      .from(courses)
      .innerJoin(courseOwner, eq(courseOwner.id, courses.ownerId))
      .where(where),
  ]);
  return {
    courses: rows.map((row) => ({ ...row, refreshedAt: row.refreshedAt?.toISOString() ?? null })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: COURSES_PAGE_SIZE,
  };
}

/** The figure tables of a course as JSON arrays in their order: one round trip for the whole page. */
const figures = {
  state: sql<
    InsightsJson['state']
  >`(select row_to_json(s) from insight_courses s where s.course_id = ${courses.id})`,
  moments: sql<InsightsJson['moments']>`(select coalesce(json_agg(m order by m.rank), '[]')
    from insight_moments m where m.course_id = ${courses.id})`,
  heat: sql<InsightsJson['heat']>`(select coalesce(json_agg(h order by h.position, h.video_id), '[]')
    from insight_lesson_heat h where h.course_id = ${courses.id})`,
  groups: sql<InsightsJson['groups']>`(select coalesce(json_agg(g order by g.rank), '[]')
    from insight_unanswered_groups g where g.course_id = ${courses.id})`,
  quizzes: sql<InsightsJson['quizzes']>`(select coalesce(json_agg(q order by q.rank), '[]')
    from insight_quiz_questions q where q.course_id = ${courses.id})`,
  viewing: sql<InsightsJson['viewing']>`(select coalesce(json_agg(v order by v.position, v.video_id), '[]')
    from insight_viewing v where v.course_id = ${courses.id})`,
  gurus: sql<{ id: string; name: string; ownerId: string; instituteId: string | null }[]>`(
    select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'ownerId', o.id,
                                               'instituteId', o.institute_id) order by g.name, g.id), '[]')
    from guru_courses gc join gurus g on g.id = gc.guru_id join users o on o.id = g.owner_id
    where gc.course_id = ${courses.id})`,
};

/**
 * A course's insights for the actor, read from the insight tables only, in one query with the scope check (404
 * 'Course not found' outside it). A course never refreshed answers empty figures with refreshing true and has a
 * refresh queued; the page polls until refreshedAt is set.
 */
export async function courseInsights(app: App, actor: Actor, courseId: string): Promise<CourseInsights> {
  const [row] = await app.db
    .select({ id: courses.id, title: liveTitle, ...figures })
    .from(courses)
    .innerJoin(courseOwner, eq(courseOwner.id, courses.ownerId))
    .where(and(eq(courses.id, courseId), insightScope(actor)))
    .limit(1);
  if (!row) throw notFound(COURSE_NOT_FOUND);
  const course = { id: row.id, title: row.title };
  // The gurus the caller may add FAQ entries to: on their owner side.
  const editable = row.gurus
    .filter((guru) => canAuthorFor(actor, { id: guru.ownerId, instituteId: guru.instituteId }))
    .map(({ id, name }) => ({ id, name }));
  const state = row.state;
  const refreshing = isRefreshing(
    state && {
      refreshedAt: state.refreshed_at ? new Date(state.refreshed_at) : null,
      requestedAt: state.requested_at ? new Date(state.requested_at) : null,
    },
  );
  if (!state?.refreshed_at) {
    if (!refreshing) await queueRefresh(app, course.id);
    return emptyInsights(course, editable);
  }
  return {
    course,
    refreshedAt: isoOf(state.refreshed_at),
    refreshing,
    students: state.students,
    questions: {
      total: state.questions_total,
      thisWeek: state.questions_this_week,
      lastWeek: state.questions_last_week,
      unansweredTotal: state.unanswered_total,
      momentAsks: state.moment_asks,
      moments: row.moments.map(presentMoment),
      lessons: row.heat.map(presentHeat),
      unanswered: row.groups.map(presentGroup),
    },
    quizzes: row.quizzes.map(presentQuizQuestion),
    viewing: row.viewing.map(presentViewing),
    gurus: editable,
  };
}

function emptyInsights(course: CourseInsights['course'], editable: CourseInsights['gurus']): CourseInsights {
  return {
    course,
    refreshedAt: null,
    refreshing: true,
    students: 0,
    questions: {
      total: 0,
      thisWeek: 0,
      lastWeek: 0,
      unansweredTotal: 0,
      momentAsks: 0,
      moments: [],
      lessons: [],
      unanswered: [],
    },
    quizzes: [],
    viewing: [],
    gurus: editable,
  };
}
