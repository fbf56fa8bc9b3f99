import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { courses, courseVideos } from '../db/schema/index';
import type { App } from '../http/app-type';

type Headers = Record<string, string>;

/** A complete, valid course-information payload, as POST and PUT /api/courses accept it. */
export const VALID_COURSE_INFO = {
  title: 'Algebra from scratch',
  description: 'Equations, step by step.',
  category: 'Mathematics',
  level: 'Beginner',
  language: 'English',
  price: 499,
  currency: 'INR',
  passingScore: 60,
};

/** Creates a course through POST /api/courses with VALID_COURSE_INFO and `patch`; returns its id. */
export async function createCourse(
  app: App,
  headers: Headers,
  patch: Record<string, unknown> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/courses',
    payload: { ...VALID_COURSE_INFO, ...patch },
    headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A course with its information step complete, inserted straight into the database (no API call). */
export async function insertCourse(
  app: App,
  ownerId: string,
  patch: Partial<typeof courses.$inferInsert> = {},
) {
  const [course] = await app.db
    .insert(courses)
    .values({
      ownerId,
      title: 'Algebra from scratch',
      description: 'Equations, step by step.',
      category: 'Mathematics',
      level: 'Beginner',
      language: 'English',
      ...patch,
    })
    .returning();
  return course;
}

/**
 * A ready lesson row, inserted straight into the database: a course needs one to be submitted (decision
 * 044), and tests about other things need not package a real video. It has no files, so it does not play.
 */
export async function insertReadyLesson(app: App, courseId: string, title = 'Lesson 1') {
  const [video] = await app.db
    .insert(courseVideos)
    .values({ courseId, kind: 'lesson', title, processingStatus: 'ready', processingProgress: 100 })
    .returning();
  return video;
}

/** Gives a course a stand-in ready lesson (insertReadyLesson) unless it already has a lesson. */
export async function ensureLesson(app: App, courseId: string): Promise<void> {
  const [lesson] = await app.db
    .select({ id: courseVideos.id })
    .from(courseVideos)
    .where(and(eq(courseVideos.courseId, courseId), eq(courseVideos.kind, 'lesson')))
    .limit(1);
  if (!lesson) await insertReadyLesson(app, courseId);
}
