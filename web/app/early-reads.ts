import { decideRoute } from '../../common/guard';
import type { Locale } from '../../common/i18n/locales';
import { type ApiOptions, readEarly } from './api';
import { readSession } from './storage';

interface Read {
  path: string;
  query?: ApiOptions['query'];
}

/**
 * The reads a student's page makes on its first render, from its address — the same paths and queries its hooks
 * ask (features/learning, meetings, quizzes/taking, guru-session). Started as soon as the address is known, they
 * travel while the page's code and the interface's language arrive instead of after them (issue 33: "data
 * requests started in parallel, not one after another"). A page left out here still works; it only waits longer.
 * Only reads the page is sure to make: one it never takes would still be a request, and its refusal a stray 4xx.
 */
const PAGE_READS: Record<string, (params: URLSearchParams) => Read[]> = {
  // Every one of these pages is a learner's (the guard below), so the learner's meeting requests are asked beside
  // the course. Not the course's quizzes: their list is drawn only once the course has answered, and a course the
  // learner may not open would leave their refusal unread.
  '/subscribed-courses': (params) => {
    const courseId = params.get('courseId');
    if (!courseId) return [{ path: '/learning/subscriptions' }];
    return [{ path: `/learning/courses/${courseId}` }, { path: '/meetings/mine', query: { courseId } }];
  },
  '/guru': (params) => {
    const guruId = params.get('guruId');
    return guruId ? [{ path: `/gurus/${guruId}/session-info` }] : [];
  },
  '/quiz-round': (params) => {
    const attemptId = params.get('attemptId');
    return attemptId ? [{ path: `/learning/attempts/${attemptId}` }] : [];
  },
};

/** The early reads of an address, for a session kept in this browser (a visitor's page reads nothing of its own). */
export function earlyReadsOf(location: { pathname: string; search: string }): Read[] {
  const reads = PAGE_READS[location.pathname];
  const session = readSession();
  if (!reads || session === null) return [];
  // A page the guard sends elsewhere (another role's, a trial that ended) makes none of its reads.
  if (decideRoute(location.pathname, location.search, session).kind !== 'allow') return [];
  return reads(new URLSearchParams(location.search));
}

/**
 * Starts the early reads of the page a full load opens, asked in the language it will be drawn in. Not on the app's
 * own navigations: their pages' data is often in the cache already (Back, Forward), and a navigation can come before
 * the account's language is applied (right after logging in), so an early read there would be a request too many.
 */
export function startEarlyReads(location: { pathname: string; search: string }, language: Locale): void {
  try {
    for (const read of earlyReadsOf(location)) readEarly(read.path, read.query, language);
  } catch {
    // Storage that cannot be read: the page's own requests meet it and end the session as api.ts says.
  }
}
