import { and, count, eq, inArray } from 'drizzle-orm';
import {
  type CompletionProgress,
  type CompletionRules,
  DEFAULT_COMPLETION_RULES,
} from '../../../common/certificates';
import {
  certificateRules,
  conversationMessages,
  conversations,
  quizAttempts,
  videoProgress,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { lessonsOf } from '../catalog/service';
import { type CourseSnapshot, liveQuizzes } from '../courses/snapshot';

/**
 * A course's completion rules (decision 079) and a learner's standing against them, read from the database every
 * time: what a learner watched, their marked attempts and the questions they asked — never what a client says.
 */

export async function loadRules(app: App, courseId: string): Promise<CompletionRules> {
  const [row] = await app.db.select().from(certificateRules).where(eq(certificateRules.courseId, courseId));
  if (!row) return DEFAULT_COMPLETION_RULES;
  return {
    enabled: row.enabled,
    lessonPercent: row.lessonPercent,
    quizzes: row.quizzes,
    guruQuestions: row.guruQuestions,
  };
}

/** The quizzes the rules ask for, among the live version's: a rule on a quiz no longer live is dropped. */
export function requiredQuizzes(rules: CompletionRules, snapshot: CourseSnapshot) {
  const live = liveQuizzes(snapshot);
  if (rules.quizzes === null)
    return live.map((quiz) => ({ id: quiz.id, title: quiz.title, minPercent: quiz.passPercent }));
  return rules.quizzes.flatMap((rule) => {
    const quiz = live.find((candidate) => candidate.id === rule.quizId);
    return quiz ? [{ id: quiz.id, title: quiz.title, minPercent: rule.minPercent }] : [];
  });
}

/** Each required quiz's best marked percentage for the learner (null: none marked yet). */
async function bestPercents(app: App, userId: string, quizIds: string[]): Promise<Map<string, number>> {
  const best = new Map<string, number>();
  if (quizIds.length === 0) return best;
  const rows = await app.db
    .select({ quizId: quizAttempts.quizId, score: quizAttempts.score, maxScore: quizAttempts.maxScore })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        inArray(quizAttempts.quizId, quizIds),
        eq(quizAttempts.status, 'marked'),
      ),
    );
  for (const row of rows) {
    const percent = row.maxScore > 0 ? ((row.score ?? 0) / row.maxScore) * 100 : 100;
    best.set(row.quizId, Math.max(best.get(row.quizId) ?? 0, percent));
  }
  return best;
}

/** Questions the learner asked a guru in sessions started from this course. */
async function questionsAsked(app: App, userId: string, courseId: string): Promise<number> {
  const [row] = await app.db
    .select({ asked: count() })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(
      and(
        eq(conversations.courseId, courseId),
        eq(conversations.userId, userId),
        eq(conversationMessages.role, 'user'),
        eq(conversationMessages.authorId, userId),
      ),
    );
  return row?.asked ?? 0;
}

export type Standing = Omit<
  CompletionProgress,
  'completedAt' | 'certificate' | 'printedName' | 'nameConfirmed'
>;

/** Where the learner stands against each rule of the course's live version. */
export async function standingOf(
  app: App,
  userId: string,
  course: { id: string; snapshot: CourseSnapshot },
  rules: CompletionRules,
): Promise<Standing> {
  const lessons = lessonsOf(course.snapshot);
  const quizzes = requiredQuizzes(rules, course.snapshot);
  const [progress, best, asked] = await Promise.all([
    lessons.length === 0
      ? []
      : app.db
          .select()
          .from(videoProgress)
          .where(
            and(
              eq(videoProgress.userId, userId),
              inArray(
                videoProgress.videoId,
                lessons.map((lesson) => lesson.id),
              ),
            ),
          ),
    bestPercents(
      app,
      userId,
      quizzes.map((quiz) => quiz.id),
    ),
    rules.guruQuestions > 0 ? questionsAsked(app, userId, course.id) : Promise.resolve(0),
  ]);
  const byLesson = new Map(progress.map((row) => [row.videoId, row]));
  const lessonStanding = lessons.map((lesson) => {
    const row = byLesson.get(lesson.id);
    const duration = lesson.durationSeconds ?? 0;
    // A lesson whose length is unknown counts by the player's own completion mark.
    const watchedPercent =
      duration > 0
        ? Math.min(100, Math.floor(((row?.watchedSeconds ?? 0) / duration) * 100))
        : row?.completedAt
          ? 100
          : 0;
    return { id: lesson.id, title: lesson.title, watchedPercent, met: watchedPercent >= rules.lessonPercent };
  });
  const quizStanding = quizzes.map((quiz) => {
    const percent = best.get(quiz.id);
    const bestPercent = percent === undefined ? null : Math.round(percent * 10) / 10;
    return { ...quiz, bestPercent, met: percent !== undefined && percent + 1e-9 >= quiz.minPercent };
  });
  const guru = { required: rules.guruQuestions, asked, met: asked >= rules.guruQuestions };
  return {
    enabled: rules.enabled,
    lessonPercent: rules.lessonPercent,
    lessons: lessonStanding,
    quizzes: quizStanding,
    guruQuestions: guru,
    met:
      rules.enabled &&
      lessonStanding.every((lesson) => lesson.met) &&
      quizStanding.every((quiz) => quiz.met) &&
      guru.met,
  };
}
