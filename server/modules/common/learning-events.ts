import type { App } from '../../http/app-type';

/**
 * What a learner did, told to whoever listens (decision 078): a lesson watched or completed (learning), a question
 * asked of a guru (conversations). Modules above them — the xAPI statements to a Learning Record Store — listen
 * here, so the modules where learning happens never import them (quizzes' marks go through
 * quizzes/marked-listeners.ts). A listener only queues its work: it never slows or fails the learner's request.
 */
export type LearningEvent =
  | {
      kind: 'lesson-watched';
      userId: string;
      course: { id: string; title: string; language: string };
      lesson: { id: string; title: string; durationSeconds: number | null };
      watchedSeconds: number;
      /** Watched before this save: listeners tell a milestone crossed from a heartbeat. */
      watchedBeforeSeconds: number;
      /** The save that took the lesson past the completion share. */
      justCompleted: boolean;
      at: Date;
    }
  | {
      kind: 'guru-asked';
      userId: string;
      guru: { id: string; name: string };
      /** The course the learner came from, when any. */
      courseId: string | null;
      conversationId: string;
      question: string;
      at: Date;
    };

type Listener = (event: LearningEvent) => Promise<void>;

// Keyed by the app's database handle, as quizzes/marked-listeners.ts is (one test app never hears another's).
const listenersOf = new WeakMap<App['db'], Listener[]>();

export function onLearningEvent(app: App, listener: Listener): void {
  listenersOf.set(app.db, [...(listenersOf.get(app.db) ?? []), listener]);
}

/** Tells every listener; a failing one is logged and never reaches the caller. */
export async function announceLearning(app: App, event: LearningEvent): Promise<void> {
  for (const listener of listenersOf.get(app.db) ?? []) {
    await listener(event).catch((error: unknown) =>
      app.log.error({ err: error, event: event.kind }, 'a listener of learning events failed'),
    );
  }
}
