import type { App } from '../../http/app-type';

/**
 * Who hears that an attempt got its final mark (on submit when every question marks itself, or when a teacher
 * marks the last answer, and again on re-marking). Modules above quizzes — an LMS's gradebook (decision 075) —
 * listen here, so quizzes never imports them. A listener only queues its work: marking never waits on, or fails
 * with, somebody else's service.
 */
export interface MarkedAttempt {
  attemptId: string;
  userId: string;
  quizId: string;
}

type Listener = (attempt: MarkedAttempt) => Promise<void>;

// Keyed by the app's database handle: Fastify gives each plugin an instance of its own, and the handle is the one
// object the quizzes' and the listener's instances share (and one test app's listeners never reach another's).
const listenersOf = new WeakMap<App['db'], Listener[]>();

export function onAttemptMarked(app: App, listener: Listener): void {
  listenersOf.set(app.db, [...(listenersOf.get(app.db) ?? []), listener]);
}

export async function announceMarked(app: App, attempt: MarkedAttempt): Promise<void> {
  for (const listener of listenersOf.get(app.db) ?? []) {
    await listener(attempt).catch((error: unknown) =>
      app.log.error({ err: error, attemptId: attempt.attemptId }, 'a listener of marked attempts failed'),
    );
  }
}
