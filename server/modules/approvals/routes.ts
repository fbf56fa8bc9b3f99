import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import type { ApprovalDetail } from '../../../common/contracts/approvals';
import { rejectSchema, reviewSchema } from '../../../common/contracts/courses';
import { courses, users } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import { notFound } from '../../http/errors';
import { AWAITING_APPROVAL, approvalCount } from '../courses/approval-count';
import { presentAuthoredCourse } from '../courses/presenters';
import { stepCompletion } from '../courses/service';
import type { CourseSnapshot } from '../courses/snapshot';
import { imageUrlsAt } from '../files/uploads';
import { buildSnapshot, diffSnapshots } from './snapshots';
import { review } from './transitions';

const params = z.object({ courseId: z.uuid({ error: 'Course not found' }) });

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

  /** The course in full, and for a re-approval what changed since the live version. */
  app.get(
    '/api/approvals/:courseId',
    { config: { access: rolesWith('administer') }, schema: { params } },
    async (request): Promise<ApprovalDetail> => {
      const [row] = await app.db
        .select({ course: courses, ownerName: users.fullName })
        .from(courses)
        .innerJoin(users, eq(users.id, courses.ownerId))
        .where(eq(courses.id, request.params.courseId));
      if (!row) throw notFound('Course not found');
      const current = await buildSnapshot(app.db, row.course);
      const approved = row.course.approvedSnapshot as CourseSnapshot | null;
      return {
        course: presentAuthoredCourse(app, row.course, {
          ownerName: row.ownerName,
          steps: await stepCompletion(app, row.course),
        }),
        current,
        changes: approved ? diffSnapshots(approved, current) : null,
      };
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
    { config: { access: rolesWith('administer') }, schema: { params, body: rejectSchema } },
    async (request) => {
      const updated = await review(
        app,
        actorOf(request),
        request.params.courseId,
        'reject',
        request.body.comment,
      );
      return presentAuthoredCourse(app, updated);
    },
  );
};
