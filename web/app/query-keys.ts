/**
 * Roots of query keys that the app shell invalidates from live events, shared with the features that own the
 * queries (features/courses/api.ts builds its keys under COURSES_KEY). The shell names only these roots, never a
 * feature's inner keys.
 */
export const COURSES_KEY = ['courses'] as const;
export const APPROVALS_KEY = ['approvals'] as const;
export const SUPPORT_KEY = ['support'] as const;
/** Teacher insights (features/insights/api.ts); a finished refresh may be pushed live one day. */
export const INSIGHTS_KEY = ['insights'] as const;
