import { COURSE_ROUTES } from './courses';
import { LEARNING_ROUTES } from './learning';
import { PLATFORM_ROUTES } from './platform';
import { QUIZ_AUTHORING_ROUTES } from './quiz-authoring';
import { QUIZ_TAKING_ROUTES } from './quiz-taking';
import { REPORT_ROUTES } from './reports';
import type { RouteCase } from './types';

export type { Caller, MatrixEnv, RouteCase } from './types';
export { NO_SUCH_ID } from './types';

/** Every /api route with its intended access, one file per area. */
export const ROUTE_CASES: RouteCase[] = [
  ...PLATFORM_ROUTES,
  ...COURSE_ROUTES,
  ...LEARNING_ROUTES,
  ...QUIZ_AUTHORING_ROUTES,
  ...QUIZ_TAKING_ROUTES,
  ...REPORT_ROUTES,
];
