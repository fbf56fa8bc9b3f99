import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  type ApprovalDetail,
  type ItemCommentsAnswer,
  rejectWithItemsSchema,
} from '../../../common/contracts/approvals';
import { reviewSchema } from '../../../common/contracts/courses';
import { type CourseRow, courses, courseVideos, users } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { localeOf } from '../../http/locale';
import { said } from '../../i18n/said';
import { AWAITING_APPROVAL, approvalCount } from '../courses/approval-count';
import { presentAuthoredCourse } from '../courses/presenters';
import { loadAuthoredCourse, stepCompletion } from '../courses/service';
import type { CourseSnapshot } from '../courses/snapshot';
import { sendHlsFile } from '../files/hls';
import { imageUrlsAt } from '../files/uploads';
import { itemCommentsOf, resolveItemComments } from './item-comments';
import { reviewItems } from './review';
import { buildSnapshot, diffSnapshots } from './snapshots';
import { review } from './transitions';

const params = z.object({ courseId: z.uuid({ error: said('server.approvals.courseNotFound').english }) });
const videoParams = params.extend({
  videoId: z.uuid({ error: said('server.approvals.videoNotFound').english }),
  file: z.string().max(64),
});

/** The waiting version's items beside the live version's, as the review page and a rejection check them. */
async function itemsUnderReview(app: App, course: CourseRow) {
  const current = await buildSnapshot(app.db, course);
  const approved = course.approvedSnapshot as CourseSnapshot | null;
  return { current, approved, items: reviewItems(app, course.id, current, approved) };
}

async function courseOrNotFound(app: App, courseId: string): Promise<CourseRow> {
  const [course] = await app.db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound(said('server.approvals.courseNotFound'));
  return course;
}

export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/teacher/course/approval-counts',
    { config: { access: rolesWith('administer') } },
    async () => ({
      count: await approvalCount(app),
    }),
  );

  /** New submissions and re-approval requests, oldest first: the admin's queue. */
  app.get(
    '/api/approvals',
    {
      config: { access: rolesWith('administer') },
      schema: {
        querystring: z.object({ status: z.enum(['waiting', 'APPROVED', 'REJECTED']).default('waiting') }),
      },
    },
    async (request) => {
      const { status } = request.query;
      const rows = await app.db
        .select({ course: courses, ownerName: users.fullName })
        .from(courses)
        .innerJoin(users, eq(users.id, courses.ownerId))
        .where(
          status === 'waiting'
            ? inArray(courses.approvalStatus, [...AWAITING_APPROVAL])
            : eq(courses.approvalStatus, status),
        )
        .orderBy(status === 'waiting' ? asc(courses.submittedAt) : desc(courses.reviewedAt))
        .limit(200);
      // The queue shows the pictures small: their medium copies, in one lookup.
      const pictures = await imageUrlsAt(
        app,
        rows.map((row) => row.course.thumbnailPath),
        'medium',
      );
      return {
        courses: rows.map((row) =>
          presentAuthoredCourse(app, row.course, { ownerName: row.ownerName, pictures }),
        ),
      };
    },
  );

  /**
   * The course in full as students would get it (lessons and previews to play, quizzes with their answers,
   * FAQ, study material to open), each item marked against the live version, and the last rejection's comments.
   */
  app.get(
    '/api/approvals/:courseId',
    { config: { access: rolesWith('administer') }, schema: { params } },
    async (request): Promise<ApprovalDetail> => {
      const [row] = await app.db
        .select({ course: courses, ownerName: users.fullName })
        .from(courses)
        .innerJoin(users, eq(users.id, courses.ownerId))
        .where(eq(courses.id, request.params.courseId));
      if (!row) throw notFound(said('server.approvals.courseNotFound'));
      const { current, approved, items } = await itemsUnderReview(app, row.course);
      const changes = approved ? diffSnapshots(approved, current) : null;
      return {
        course: presentAuthoredCourse(app, row.course, {
          ownerName: row.ownerName,
          steps: await stepCompletion(app, row.course),
        }),
        changes,
        infoMark: changes?.some((change) => change.area === 'info') ? 'changed' : null,
        items,
        itemComments: await itemCommentsOf(app.db, row.course.id, localeOf(request)),
      };
    },
  );

  // The review page's player: a lesson or preview of the waiting version, or of the live one when the waiting
  // version removed it (its files stay while it is live). Admins only, whoever authored the course.
  app.get(
    '/api/approvals/:courseId/videos/:videoId/hls/:file',
    { config: { access: rolesWith('administer') }, schema: { params: videoParams } },
    async (request, reply) => {
      const { courseId, videoId, file } = request.params;
      const course = await courseOrNotFound(app, courseId);
      const [working] = await app.db
        .select()
        .from(courseVideos)
        .where(and(eq(courseVideos.id, videoId), eq(courseVideos.courseId, courseId)));
      const live = (course.approvedSnapshot as CourseSnapshot | null)?.videos.find((v) => v.id === videoId);
      const video = working ?? (live ? { processingStatus: 'ready', hlsPath: live.hlsPath } : null);
      if (!video) throw notFound(said('server.approvals.videoNotFound'));
      return sendHlsFile(app, reply, video, file);
    },
  );

  /** The last rejection's item comments, for the course's authors (owner, their institute) and admins. */
  app.get(
    '/api/approvals/:courseId/item-comments',
    { config: { access: rolesWith('author') }, schema: { params } },
    async (request): Promise<ItemCommentsAnswer> => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      if (course.approvalStatus !== 'REJECTED') return { comments: [] };
      return { comments: await itemCommentsOf(app.db, course.id, localeOf(request)) };
    },
  );

  app.post(
    '/api/approvals/:courseId/approve',
    // The comment is optional when approving, so the body may be left out altogether.
    { config: { access: rolesWith('administer') }, schema: { params, body: reviewSchema.nullish() } },
    async (request) => {
      const updated = await review(
        app,
        actorOf(request),
        request.params.courseId,
        'approve',
        request.body?.comment,
      );
      return presentAuthoredCourse(app, updated);
    },
  );

  app.post(
    '/api/approvals/:courseId/reject',
    { config: { access: rolesWith('administer') }, schema: { params, body: rejectWithItemsSchema } },
    async (request) => {
      const { comment, items = [] } = request.body;
      const course = await courseOrNotFound(app, request.params.courseId);
      // Each comment must name an item the admin could see; its label is the server's, never the client's.
      const resolved =
        items.length > 0
          ? resolveItemComments((await itemsUnderReview(app, course)).items, items, localeOf(request))
          : [];
      const updated = await review(app, actorOf(request), course.id, 'reject', comment, resolved);
      return presentAuthoredCourse(app, updated);
    },
  );
};
