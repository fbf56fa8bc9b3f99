import type { RouteCase } from './types';

/** Access of the guru speech and D-ID talk routes (see types.ts). */
export const GURU_SPEECH_ROUTES: RouteCase[] = [];
