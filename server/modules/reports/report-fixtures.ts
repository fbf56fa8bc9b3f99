import { eq } from 'drizzle-orm';
import {
  courseSubscriptions,
  courses,
  courseVideos,
  quizAttempts,
  quizzes,
  videoProgress,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { insertCourse } from '../../test/courses';
import type { CourseSnapshot } from '../courses/snapshot';

/**
 * A small fixed dataset for the report tests, inserted straight into the database: live courses with
 * lesson videos of 100 s, subscriptions, watch progress and quiz attempts (the quiz routes are someone
 * else's; the reports only read their rows).
 */

export async function liveCourse(app: App, ownerId: string, title: string, lessons: number) {
  const course = await insertCourse(app, ownerId, { title, approvalStatus: 'APPROVED' });
  const videos = [];
  for (let position = 0; position < lessons; position += 1) {
    const [video] = await app.db
      .insert(courseVideos)
      .values({
        courseId: course.id,
        title: `Lesson ${position + 1}`,
        position,
        durationSeconds: 100,
        processingStatus: 'ready',
      })
      .returning();
    videos.push(video);
  }
  const snapshot: CourseSnapshot = {
    info: {
      title,
      description: course.description,
      category: course.category,
      level: course.level,
      language: course.language,
      price: 0,
      currency: 'INR',
      passingScore: 0,
      thumbnailPath: null,
    },
    videos: videos.map((video) => ({
      id: video.id,
      kind: 'lesson',
      title: video.title,
      position: video.position,
      hlsPath: null,
      posterPath: null,
      durationSeconds: 100,
    })),
    faqs: [],
    materials: [],
  };
  await app.db.update(courses).set({ approvedSnapshot: snapshot }).where(eq(courses.id, course.id));
  return { id: course.id, lessonIds: videos.map((video) => video.id) };
}

export const subscribeAt = (app: App, userId: string, courseId: string, at: string) =>
  app.db.insert(courseSubscriptions).values({ userId, courseId, createdAt: new Date(at) });

export const watched = (
  app: App,
  userId: string,
  videoId: string,
  seconds: number,
  at: string,
  completed = false,
) =>
  app.db.insert(videoProgress).values({
    userId,
    videoId,
    watchedSeconds: seconds,
    positionSeconds: seconds,
    completedAt: completed ? new Date(at) : null,
    updatedAt: new Date(at),
  });

export async function quiz(app: App, courseId: string, title: string) {
  const [row] = await app.db.insert(quizzes).values({ courseId, title }).returning();
  return { id: row.id, courseId, title };
}

export interface AttemptInput {
  quiz: { id: string; courseId: string; title: string };
  userId: string;
  number: number;
  status: 'in_progress' | 'submitted' | 'marked';
  score?: number;
  maxScore?: number;
  startedAt: string;
  submittedAt?: string;
}

/** An attempt; marked ones pass at 50%. */
export function attempt(app: App, input: AttemptInput) {
  const maxScore = input.maxScore ?? 10;
  const marked = input.status === 'marked';
  return app.db.insert(quizAttempts).values({
    quizId: input.quiz.id,
    courseId: input.quiz.courseId,
    userId: input.userId,
    number: input.number,
    status: input.status,
    quizTitle: input.quiz.title,
    passPercent: 50,
    paper: [],
    maxScore,
    score: input.score ?? null,
    passed: marked ? (input.score ?? 0) / maxScore >= 0.5 : null,
    startedAt: new Date(input.startedAt),
    submittedAt: input.submittedAt ? new Date(input.submittedAt) : null,
  });
}
