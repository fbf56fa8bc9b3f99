import { z } from 'zod';
import { requiredText } from './fields';

/** Where an item goes among its siblings (0 = first). */
export const positionField = z
  .number({ error: 'The position must be a whole number' })
  .int('The position must be a whole number')
  .min(0, 'The position cannot be negative')
  .max(10_000, 'The position must be at most 10,000');

/** Step "faq": one question and its answer; the same schema checks the form and the API. */
export const faqSchema = z.object({
  question: requiredText(500),
  answer: requiredText(5000),
});
export type FaqInput = z.input<typeof faqSchema>;

/** Editing an entry: any of its texts, and/or its place in the list. */
export const faqUpdateSchema = faqSchema.partial().extend({ position: positionField.optional() });

export const MATERIAL_MAX_BYTES = 25 * 1024 * 1024;

export const materialQuerySchema = z.object({
  title: z.string().max(150, 'Please use at most 150 characters').optional(),
});
