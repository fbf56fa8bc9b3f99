import type { RouteCase } from './types';

/** Quiz authoring: quizzes, questions, CSV import, preview check. */
export const QUIZ_AUTHORING_ROUTES: RouteCase[] = [];
