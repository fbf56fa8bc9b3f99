import { eq } from 'drizzle-orm';
import { quizAttempts } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { onLearningEvent } from '../common/learning-events';
import { onAttemptMarked } from '../quizzes/marked-listeners';
import { settleCompletion } from './issue';
import { loadRules } from './rules';

/**
 * Completion is noticed when it happens (decision 079): a lesson watched past the course's share, a quiz attempt
 * marked, a question asked of the course's guru — each then reads the learner's whole standing from the
 * database. A heartbeat that crosses nothing costs one read of the rules; the course page's progress read
 * settles too, so a completion missed here (rules changed since) is recorded when the learner looks.
 */
export function listenForCertificates(app: App): void {
  onLearningEvent(app, async (event) => {
    if (event.kind === 'guru-asked') {
      if (event.courseId && event.userId) await settleCompletion(app, event.userId, event.courseId);
      return;
    }
    const duration = event.lesson.durationSeconds ?? 0;
    if (!event.justCompleted && duration <= 0) return;
    const { lessonPercent } = await loadRules(app, event.course.id);
    const threshold = (duration * lessonPercent) / 100;
    const crossed = event.watchedBeforeSeconds < threshold && event.watchedSeconds >= threshold;
    if (crossed || event.justCompleted) await settleCompletion(app, event.userId, event.course.id);
  });

  onAttemptMarked(app, async (marked) => {
    const [attempt] = await app.db
      .select({ courseId: quizAttempts.courseId })
      .from(quizAttempts)
      .where(eq(quizAttempts.id, marked.attemptId));
    if (attempt) await settleCompletion(app, marked.userId, attempt.courseId);
  });
}
