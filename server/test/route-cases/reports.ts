import type { RouteCase } from './types';

/** Reports: learners' own, teachers' and institutes' students, the admin's. */
export const REPORT_ROUTES: RouteCase[] = [];
