import { z } from 'zod';
import { COUNTRIES } from '../countries';
import {
  COURSE_CATEGORIES,
  COURSE_FILTERS,
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  type CourseStep,
  MAX_COURSE_PRICE,
  MAX_PASSING_SCORE,
  type SubmissionFacts,
} from '../courses';
import { MSG } from '../messages';
import { requiredText } from './fields';
import { numberField } from './numbers';

const CURRENCIES = [...new Set(COUNTRIES.map((country) => country.currency))] as [string, ...string[]];

/** Step "course-information": the same schema checks the form and the API. */
export const courseInfoSchema = z.object({
  title: requiredText(150),
  description: requiredText(5000),
  category: z.enum(COURSE_CATEGORIES, { error: MSG.selectOption }),
  level: z.enum(COURSE_LEVELS, { error: MSG.selectOption }),
  language: z.enum(COURSE_LANGUAGES, { error: MSG.selectOption }),
  price: numberField({ max: MAX_COURSE_PRICE, maxMessage: MSG.max10Million, allowZero: true }),
  currency: z.enum(CURRENCIES, { error: MSG.selectOption }),
  passingScore: numberField({
    max: MAX_PASSING_SCORE,
    maxMessage: MSG.max10Thousand,
    allowZero: true,
    integer: true,
  }),
});
export type CourseInfoInput = z.input<typeof courseInfoSchema>;

export const courseListQuerySchema = z.object({
  search: z.string().max(100).optional(),
  filter: z.enum(COURSE_FILTERS).optional(),
  status: z.enum(['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'PENDING_REAPPROVAL']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(12),
});

export const reviewSchema = z.object({
  comment: z.string().max(2000).optional(),
});

export const rejectSchema = z.object({
  comment: requiredText(2000),
});

/** A course as its authors see it (GET /api/courses/:id and the lists); never the raw row. */
export interface AuthoredCourse {
  id: string;
  ownerId: string;
  ownerName?: string;
  title: string;
  description: string;
  category: string;
  level: string;
  language: string;
  price: number;
  currency: string;
  passingScore: number;
  thumbnailUrl: string | null;
  status: string;
  reviewComment: string | null;
  hasLiveVersion: boolean;
  submittedAt: string | null;
  reviewedAt: string | null;
  updatedAt: string;
  counts?: { videos: number; faqs: number; materials: number };
  steps?: Record<CourseStep, boolean>;
  /** What decides whether it may be submitted (submissionProblems in common/courses.ts); on single-course answers. */
  submission?: SubmissionFacts;
}

/** GET /api/courses: a page of the actor's courses. */
export interface CoursePage {
  total: number;
  page: number;
  pageSize: number;
  courses: AuthoredCourse[];
}
