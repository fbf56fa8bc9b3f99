import type { FastifyPluginAsync } from 'fastify';
import {
  COURSE_EXPORT_EXPIRE_SECONDS,
  COURSE_EXPORT_JOB,
  type CourseExportJob,
} from '../courses/export-routes';
import { runCourseExport } from './build';

/** The worker that builds course packages (decision 077); the routes that ask for them are the courses module's. */
export const courseExportJobs: FastifyPluginAsync = async (app) => {
  app.jobs.work<CourseExportJob>(COURSE_EXPORT_JOB, (job) => runCourseExport(app, job.exportId), {
    retryLimit: 0,
    expireInSeconds: COURSE_EXPORT_EXPIRE_SECONDS,
  });
};
