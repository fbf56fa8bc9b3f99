import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesWith } from '../../../common/capabilities';
import {
  adminListQuerySchema,
  learnerReportQuerySchema,
  studentListQuerySchema,
  studentParamsSchema,
} from '../../../common/contracts/reports';
import { actorOf } from '../../http/access';
import { assertModule } from '../plans/module-access';
import { listAdminStudents, listTeachers } from './admin-service';
import { round1, sendCsv, toCsv } from './csv';
import { ATTEMPT_CSV_HEADER, attemptCsvRow, learnerReport } from './learner-report';
import { courseStats, listStudents, pageOf, studentReport } from './service';

const hours = (seconds: number) => round1(seconds / 3600);

/**
 * Reports. Every figure is computed here from the database for the caller: a learner's own learning,
 * a teacher's or institute's students on their courses, and the admin's platform lists. `format=csv`
 * exports the whole filtered list.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reports on one's students and courses are a plan module; a learner's own report (/me) is not.
  app.addHook('preHandler', async (request) => {
    if (request.actor && request.routeOptions.url !== '/api/reports/me') {
      await assertModule(app, request.actor, 'reports', 'use');
    }
  });

  app.get(
    '/api/reports/me',
    { config: { access: rolesWith('learn') }, schema: { querystring: learnerReportQuerySchema } },
    async (request, reply) => {
      const report = await learnerReport(app, actorOf(request).userId, null, request.query);
      if (request.query.format !== 'csv') return report;
      return sendCsv(
        reply,
        'my-quiz-attempts',
        toCsv(ATTEMPT_CSV_HEADER, report.attempts.map(attemptCsvRow)),
      );
    },
  );

  app.get(
    '/api/reports/students',
    { config: { access: rolesWith('teach') }, schema: { querystring: studentListQuerySchema } },
    async (request, reply) => {
      const { query } = request;
      const rows = await listStudents(app, actorOf(request), query);
      if (query.format !== 'csv') return pageOf(rows, query.page, query.pageSize);
      const header = [
        'Name',
        'Email',
        'Courses',
        'Average progress %',
        'Average score %',
        'Quiz attempts',
        'Waiting for marking',
        'Time spent (hours)',
        'Last activity',
      ];
      const csv = toCsv(
        header,
        rows.map((r) => [
          r.fullName,
          r.email,
          r.courses,
          r.averageProgress,
          r.averagePercent,
          r.attempts,
          r.waiting,
          hours(r.timeSpentSeconds),
          r.lastActivityAt,
        ]),
      );
      return sendCsv(reply, 'students', csv);
    },
  );

  app.get(
    '/api/reports/students/:studentId',
    {
      config: { access: rolesWith('teach') },
      schema: { params: studentParamsSchema, querystring: learnerReportQuerySchema },
    },
    async (request, reply) => {
      const report = await studentReport(app, actorOf(request), request.params.studentId, request.query);
      if (request.query.format !== 'csv') return report;
      const csv = toCsv(ATTEMPT_CSV_HEADER, report.attempts.map(attemptCsvRow));
      return sendCsv(reply, 'student-quiz-attempts', csv);
    },
  );

  app.get('/api/reports/courses', { config: { access: rolesWith('teach') } }, async (request) => ({
    courses: await courseStats(app, actorOf(request)),
  }));

  app.get(
    '/api/admin-reports/teachers',
    { config: { access: rolesWith('administer') }, schema: { querystring: adminListQuerySchema } },
    async (request, reply) => {
      const all = request.query.format === 'csv';
      const list = await listTeachers(app, request.query, all);
      if (!all) return list;
      const header = [
        'Name',
        'Email',
        'Role',
        'Institute',
        'Courses',
        'Approved courses',
        'Subscribers',
        'Quiz attempts',
        'Average score %',
      ];
      const csv = toCsv(
        header,
        list.rows.map((r) => [
          r.fullName,
          r.email,
          r.userType,
          r.instituteName,
          r.courses,
          r.approvedCourses,
          r.subscribers,
          r.attempts,
          r.averagePercent,
        ]),
      );
      return sendCsv(reply, 'teachers', csv);
    },
  );

  app.get(
    '/api/admin-reports/students',
    { config: { access: rolesWith('administer') }, schema: { querystring: adminListQuerySchema } },
    async (request, reply) => {
      const all = request.query.format === 'csv';
      const list = await listAdminStudents(app, request.query, all);
      if (!all) return list;
      const header = ['Name', 'Email', 'Subscriptions', 'Quiz attempts', 'Average score %', 'Last activity'];
      const csv = toCsv(
        header,
        list.rows.map((r) => [
          r.fullName,
          r.email,
          r.subscriptions,
          r.attempts,
          r.averagePercent,
          r.lastActivityAt,
        ]),
      );
      return sendCsv(reply, 'students', csv);
    },
  );
};
