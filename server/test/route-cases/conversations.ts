import type { RouteCase } from './types';

/** Access of the conversations routes (see types.ts). */
export const CONVERSATIONS_ROUTES: RouteCase[] = [];
