import type { Citation } from '../../../common/gurus';
import {
  conversationMessages,
  conversations,
  guruCourses,
  guruQuestions,
  gurus,
  quizAttempts,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { insertCourse } from '../../test/courses';
import { type BuildUserOptions, buildAndLogin } from '../../test/factories';
import { insertQuiz, subscribeDirectly, TRUE_FALSE } from '../../test/quizzes';

export const CITATION: Citation = {
  chunkId: '0b7d3c1e-2f4a-4b8c-9d0e-1f2a3b4c5d6e',
  sourceKind: 'caption',
  title: 'Linear equations',
  excerpt: 'A linear equation has degree one.',
  courseId: null,
  videoId: null,
  materialId: null,
  startSeconds: 42,
  page: null,
  slide: null,
};

/** A ready guru (inserted, not trained) of a course, owned by a new teacher, with a subscribed student. */
export async function readyGuruWithStudent(
  app: App,
  options: { owner?: BuildUserOptions; guruName?: string; studentName?: string } = {},
) {
  const owner = await buildAndLogin(app, options.owner ?? { userType: 'teacher', fullName: 'Tara Teacher' });
  const course = await insertCourse(app, owner.user.id);
  const [guru] = await app.db
    .insert(gurus)
    .values({
      ownerId: owner.user.id,
      name: options.guruName ?? 'Algebra Guru',
      subject: 'Algebra',
      status: 'ready',
      introductionText: 'Hello, I am your algebra guru.',
      avatarKind: 'static',
      voice: 'alloy',
      fallbackVoice: 'echo',
    })
    .returning();
  await app.db.insert(guruCourses).values({ guruId: guru.id, courseId: course.id });
  await app.db.insert(guruQuestions).values([
    {
      guruId: guru.id,
      kind: 'demo',
      question: 'What is a linear equation?',
      answer: 'Degree one.',
      position: 0,
    },
    {
      guruId: guru.id,
      kind: 'demo',
      question: 'How do I solve 2x = 4?',
      answer: 'Divide by 2.',
      position: 1,
    },
  ]);
  const student = await buildAndLogin(app, {
    userType: 'student',
    fullName: options.studentName ?? 'Asha Rao',
  });
  await subscribeDirectly(app, course.id, student.user.id);
  return { owner, course, guru, student };
}

/** An attempt still running on the course (the guru must stay quiet for this student). */
export async function openQuizAttempt(app: App, courseId: string, userId: string) {
  const { quizId } = await insertQuiz(app, courseId, {}, [{ type: 'true_false', options: TRUE_FALSE(true) }]);
  await app.db.insert(quizAttempts).values({
    quizId,
    courseId,
    userId,
    number: 1,
    quizTitle: 'A quiz',
    passPercent: 50,
    paper: [],
    maxScore: 1,
  });
}

/** A conversation with a question and a guru answer, inserted straight into the database. */
export async function insertConversation(
  app: App,
  guruId: string,
  userId: string,
  options: { title?: string; question?: string; answer?: string; startedAt?: Date } = {},
) {
  const question = options.question ?? 'What is a linear equation?';
  const [conversation] = await app.db
    .insert(conversations)
    .values({ guruId, userId, title: options.title ?? question, startedAt: options.startedAt ?? new Date() })
    .returning();
  const [asked] = await app.db
    .insert(conversationMessages)
    .values({
      conversationId: conversation.id,
      role: 'user',
      authorId: userId,
      text: question,
      createdAt: new Date(Date.now() - 2000),
    })
    .returning();
  const [answered] = await app.db
    .insert(conversationMessages)
    .values({
      conversationId: conversation.id,
      role: 'guru',
      text: options.answer ?? 'It has degree two.',
      citations: [CITATION],
      // A moment after the question (and before now), so "the question before this answer" is well defined.
      createdAt: new Date(asked.createdAt.getTime() + 1000),
    })
    .returning();
  return { conversation, asked, answered };
}
