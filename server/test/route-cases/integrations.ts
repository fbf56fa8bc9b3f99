import type { RouteCase } from './types';

/** Access of the integrations routes (see types.ts). */
export const INTEGRATIONS_ROUTES: RouteCase[] = [];
