import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  type CourseExport,
  type CourseExportFormat,
  courseExportRequestSchema,
  courseExportSchema,
} from '../../../common/contracts/course-export';
import { type CourseExportRow, courseExports, courseVideos } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import type { App } from '../../http/app-type';
import { badRequest, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { assertStorageQuota } from '../files/uploads';
import { loadAuthoredCourse } from './service';
import { readyLessonsOf } from './video-service';

/**
 * The queue that builds a course package (decision 077). Its worker lives in server/modules/course-export (it reads
 * quizzes, a higher tier); the routes live here, as every /api/courses route does.
 */
export const COURSE_EXPORT_JOB = 'course-export';
export interface CourseExportJob {
  exportId: string;
}
/** How long one build may run before the queue gives up on it. */
export const COURSE_EXPORT_EXPIRE_SECONDS = 2 * 60 * 60;
/** How long a download address stays good: long enough for a slow line to fetch a large package. */
const DOWNLOAD_URL_SECONDS = 6 * 60 * 60;

const courseParams = z.object({ courseId: z.uuid({ error: said('server.courses.notFound').english }) });
const exportParams = courseParams.extend({
  exportId: z.uuid({ error: said('server.course-export.notFound').english }),
});

export function presentCourseExport(app: App, row: CourseExportRow): CourseExport {
  return {
    exportId: row.id,
    format: row.format as CourseExportFormat,
    status: row.status as CourseExport['status'],
    progress: row.progress,
    url:
      row.status === 'ready' && row.filePath
        ? app.storage.signedUrl(row.filePath, DOWNLOAD_URL_SECONDS)
        : null,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    error: row.error,
  };
}

/** Course packages for other learning platforms: asked for here, built by a job, polled until ready. */
export const courseExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/courses/:courseId/exports',
    {
      config: { access: rolesWith('author') },
      schema: {
        params: courseParams,
        body: courseExportRequestSchema,
        response: { 202: z.object({ exportId: z.string() }) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const course = await loadAuthoredCourse(app, actor, request.params.courseId);
      const [lesson] = await app.db
        .select({ id: courseVideos.id })
        .from(courseVideos)
        .where(readyLessonsOf(course.id))
        .limit(1);
      if (!lesson) throw badRequest(said('server.course-export.noLessons'));
      // The package is stored under the owner: refuse at once when their storage is already full.
      await assertStorageQuota(app, course.ownerId);
      // A second click while the same package is being made gets that build, not another copy of every lesson.
      const [underWay] = await app.db
        .select({ id: courseExports.id })
        .from(courseExports)
        .where(
          and(
            eq(courseExports.courseId, course.id),
            eq(courseExports.format, request.body.format),
            eq(courseExports.status, 'working'),
          ),
        )
        .limit(1);
      if (underWay) return reply.status(202).send({ exportId: underWay.id });
      const [row] = await app.db
        .insert(courseExports)
        .values({ courseId: course.id, requestedBy: actor.userId, format: request.body.format })
        .returning();
      try {
        await app.jobs.send<CourseExportJob>(
          COURSE_EXPORT_JOB,
          { exportId: row.id },
          { expireInSeconds: COURSE_EXPORT_EXPIRE_SECONDS },
        );
      } catch (error) {
        app.log.error({ err: error, exportId: row.id }, 'could not queue the course export');
        await app.db
          .update(courseExports)
          .set({
            status: 'failed',
            error: said('server.course-export.buildFailed').english,
            finishedAt: new Date(),
          })
          .where(eq(courseExports.id, row.id));
      }
      return reply.status(202).send({ exportId: row.id });
    },
  );

  app.get(
    '/api/courses/:courseId/exports/:exportId',
    {
      config: { access: rolesWith('author') },
      schema: { params: exportParams, response: { 200: courseExportSchema } },
    },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const [row] = await app.db
        .select()
        .from(courseExports)
        .where(and(eq(courseExports.id, request.params.exportId), eq(courseExports.courseId, course.id)));
      if (!row) throw notFound(said('server.course-export.notFound'));
      return presentCourseExport(app, row);
    },
  );
};
