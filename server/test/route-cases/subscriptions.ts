import type { RouteCase } from './types';

/** The owner's subscription: read, cancel, resume, downgrade. */
export const SUBSCRIPTION_ROUTES: RouteCase[] = [];
