import { z } from 'zod';
import { MSG } from '../messages';

/** The packages a course is exported as (decision 077). */
export const COURSE_EXPORT_FORMATS = ['scorm12', 'scorm2004', 'cc13'] as const;
export type CourseExportFormat = (typeof COURSE_EXPORT_FORMATS)[number];

export const courseExportRequestSchema = z.object({
  format: z.enum(COURSE_EXPORT_FORMATS, { error: MSG.selectOption }),
});
export type CourseExportRequest = z.input<typeof courseExportRequestSchema>;

export const COURSE_EXPORT_STATUSES = ['working', 'ready', 'failed'] as const;

/** An export as its author polls it: the signed download address once ready, the reason in words once failed. */
export const courseExportSchema = z.object({
  exportId: z.string(),
  format: z.enum(COURSE_EXPORT_FORMATS),
  status: z.enum(COURSE_EXPORT_STATUSES),
  progress: z.number(),
  url: z.string().nullable(),
  fileName: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  error: z.string().nullable(),
});
export type CourseExport = z.output<typeof courseExportSchema>;

/** A lesson counts as watched at this share of its length (or when it ends). */
export const WATCHED_SHARE = 0.9;
