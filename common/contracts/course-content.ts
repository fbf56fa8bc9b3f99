import { z } from 'zod';
import { atMostCharacters } from '../messages';
import { requiredText, withinCharacters } from './fields';

/** The position field's messages, keyed as `courseContentMsg.*` (common/i18n/module-messages.ts). */
export const COURSE_CONTENT_MSG = {
  positionWhole: 'The position must be a whole number',
  positionNegative: 'The position cannot be negative',
  positionMax: 'The position must be at most 10,000',
} as const;

/** Where an item goes among its siblings (0 = first). */
export const positionField = z
  .number({ error: COURSE_CONTENT_MSG.positionWhole })
  .int(COURSE_CONTENT_MSG.positionWhole)
  .min(0, COURSE_CONTENT_MSG.positionNegative)
  .max(10_000, COURSE_CONTENT_MSG.positionMax);

/** Step "faq": one question and its answer; the same schema checks the form and the API. */
export const faqSchema = z.object({
  question: requiredText(500),
  answer: requiredText(5000),
});
export type FaqInput = z.input<typeof faqSchema>;

/** Editing an entry: any of its texts, and/or its place in the list. */
export const faqUpdateSchema = faqSchema.partial().extend({ position: positionField.optional() });

/** The most characters a lesson, preview or study material name may have (as uploaded or renamed). */
export const ITEM_TITLE_MAX = 150;

/**
 * Renaming a lesson, a preview or a study material: the name students see. The same schema checks the
 * rename form and the API ('Please fill this field', 'Only space not allowed', at most 150 characters).
 */
export const itemTitleSchema = z.object({ title: requiredText(ITEM_TITLE_MAX) });
export type ItemTitleInput = z.input<typeof itemTitleSchema>;

export const MATERIAL_MAX_BYTES = 25 * 1024 * 1024;

/** The title an upload may carry in its query (the file's name when left out), counted as a reader counts. */
export const uploadTitleField = z
  .string()
  .refine((value) => withinCharacters(value, ITEM_TITLE_MAX), atMostCharacters(ITEM_TITLE_MAX))
  .optional();

export const materialQuerySchema = z.object({ title: uploadTitleField });

/** The two kinds of course video: lessons for subscribers, previews for anyone. */
export const VIDEO_KINDS = ['lesson', 'preview'] as const;
export type VideoKind = (typeof VIDEO_KINDS)[number];

/** A course video as its authors see it (GET /api/courses/:id/videos). */
export interface CourseVideo {
  id: string;
  courseId: string;
  kind: VideoKind;
  title: string;
  position: number;
  status: 'processing' | 'ready' | 'failed';
  progress: number;
  error: string | null;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  posterUrl: string | null;
  playlistUrl: string | null;
  captionsUrl: string | null;
  createdAt: string;
}

/** The `videoProcessing` socket event: packaging progress of one video, to its uploader and owner. */
export interface VideoProcessingEvent {
  courseId: string;
  videoId: string;
  status: CourseVideo['status'];
  progress: number;
  error?: string;
}

/** A course FAQ entry (GET /api/courses/:id/faqs). */
export interface CourseFaq {
  id: string;
  courseId: string;
  question: string;
  answer: string;
  position: number;
}

/** A study material's listing (GET /api/courses/:id/materials); the file itself is fetched by its route. */
export interface CourseMaterial {
  id: string;
  courseId: string;
  title: string;
  sizeBytes: number;
  createdAt: string;
}
