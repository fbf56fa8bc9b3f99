import { expect } from 'vitest';
import { courses } from '../db/schema/index';
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
