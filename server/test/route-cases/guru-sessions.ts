import type { RouteCase } from './types';

/** Access of the guru-sessions routes (see types.ts). */
export const GURU_SESSIONS_ROUTES: RouteCase[] = [];
