import { eq } from 'drizzle-orm';
import { courses, quizAnswers, quizAttempts } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { liveSnapshot } from '../catalog/service';
import { onLearningEvent } from '../common/learning-events';
import { onAttemptMarked } from '../quizzes/marked-listeners';
import { queueStatements } from './outbox';
import { activeLrs } from './settings';
import { type CourseRef, StatementMaker } from './statements';

/**
 * Turns learning events into queued xAPI statements (decision 078): lessons watched and completed, questions asked
 * of a guru, and marked quiz attempts (each answer, then passed or failed). Nothing is read or written while no LRS
 * is set (read at most every 30 s); what is queued is one INSERT, and the LRS is only ever called by the sender (outbox.ts).
 */
export function listenForXapi(app: App): void {
  const maker = () => new StatementMaker(app.config.publicUrl);

  onLearningEvent(app, async (event) => {
    if (!(await activeLrs(app))) return;
    if (event.kind === 'lesson-watched') {
      const statements = [
        ...(crossedMilestone(event) ? [maker().lessonWatched({ ...event, completed: false })] : []),
        ...(event.justCompleted ? [maker().lessonWatched({ ...event, completed: true })] : []),
      ];
      if (statements.length > 0) await queueStatements(app, statements);
      return;
    }
    const course = event.courseId ? await courseRef(app, event.courseId) : null;
    await queueStatements(app, [maker().guruAsked({ ...event, course })]);
  });

  onAttemptMarked(app, async (marked) => {
    if (!(await activeLrs(app))) return;
    const [attempt] = await app.db.select().from(quizAttempts).where(eq(quizAttempts.id, marked.attemptId));
    if (!attempt) return;
    const answers = await app.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attempt.id));
    const course = (await courseRef(app, attempt.courseId)) ?? {
      id: attempt.courseId,
      title: '',
      language: '',
    };
    await queueStatements(app, maker().markedAttempt({ attempt, answers, course }));
  });
}

/** The course as its students see it (the live version's title and language), else its working one. */
async function courseRef(app: App, courseId: string): Promise<CourseRef | null> {
  const [course] = await app.db
    .select({ title: courses.title, language: courses.language, approvedSnapshot: courses.approvedSnapshot })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) return null;
  const info = liveSnapshot(course)?.info;
  return { id: courseId, title: info?.title ?? course.title, language: info?.language ?? course.language };
}

/**
 * "Experienced" goes out when a lesson is first watched and at each quarter of it, not on every progress save (a
 * player saves every few seconds: a class watching would send the LRS thousands of statements a minute).
 */
function crossedMilestone(event: {
  watchedSeconds: number;
  watchedBeforeSeconds: number;
  lesson: { durationSeconds: number | null };
}) {
  if (event.watchedBeforeSeconds <= 0) return event.watchedSeconds > 0;
  const duration = event.lesson.durationSeconds;
  if (!duration || duration <= 0) return false;
  const quarter = (seconds: number) => Math.min(4, Math.floor((seconds / duration) * 4));
  return quarter(event.watchedSeconds) > quarter(event.watchedBeforeSeconds);
}
