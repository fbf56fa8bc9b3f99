import type { RouteCase } from './types';

/** Access of the guru-training routes (see types.ts). */
export const GURU_TRAINING_ROUTES: RouteCase[] = [];
