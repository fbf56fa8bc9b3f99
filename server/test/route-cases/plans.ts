import type { RouteCase } from './types';

/** Plans (admin), public plans, exchange rates. */
export const PLAN_ROUTES: RouteCase[] = [];
