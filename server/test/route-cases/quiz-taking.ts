import type { RouteCase } from './types';

/** Taking quizzes and marking them. */
export const QUIZ_TAKING_ROUTES: RouteCase[] = [];
