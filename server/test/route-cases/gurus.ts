import type { RouteCase } from './types';

/** Access of the gurus routes (see types.ts). */
export const GURUS_ROUTES: RouteCase[] = [];
