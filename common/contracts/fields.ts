import { z } from 'zod';
import { atMostCharacters, MSG } from '../messages';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,15}$/;

/**
 * Made on first use: a segmenter loads the break rules of every script, a sixth of a slow phone's start-up when it
 * was made as this module loaded (every page with a form loads it; few texts are ever counted).
 */
let graphemes: Intl.Segmenter | null | undefined;
const graphemeSegmenter = () => {
  graphemes ??=
    typeof Intl !== 'undefined' && 'Segmenter' in Intl
      ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
      : null;
  return graphemes;
};

/**
 * Characters as a reader counts them (grapheme clusters): a conjunct with its vowel sign (श्री, क्षि) is one, an
 * emoji with its skin tone and joiners (👩🏽‍🏫) is one. Without Intl.Segmenter, code points.
 */
export function characterCount(text: string): number {
  const segmenter = graphemeSegmenter();
  if (!segmenter) return [...text].length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

/**
 * UTF-16 code units a character may take on average: a family emoji takes 11, a Hindi conjunct with its vowel
 * sign 4 to 6, so 8 lets any text people type reach the limit, and keeps a text of stacked marks (one
 * "character") bounded — a name of 100 characters stays within a PostgreSQL index row.
 */
const UNITS_PER_CHARACTER = 8;

/** Whether a text has at most `max` characters as a reader counts them (characterCount), within the bound above. */
export const withinCharacters = (value: string, max: number) =>
  value.length <= max || (value.length <= max * UNITS_PER_CHARACTER && characterCount(value) <= max);

/**
 * A required text: empty → 'Please fill this field', spaces only → 'Only space not allowed'. Each stops the
 * later checks so a field reports exactly one message. The limit counts characters as a reader sees them
 * (withinCharacters), not UTF-16 code units: a Hindi or emoji name of 80 characters fits in 100.
 */
export const requiredText = (max = 200) =>
  z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required, abort: true })
    .refine((value) => value.trim().length > 0, { error: MSG.onlySpace, abort: true })
    .refine((value) => withinCharacters(value, max), atMostCharacters(max))
    .transform((value) => value.trim());

export const emailField = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .transform((value) => value.trim().toLowerCase())
  .refine((value) => EMAIL_PATTERN.test(value) && value.length <= 254, MSG.email);

/** A new password: 8-15 characters, one upper case, one lower case and one digit. */
export const newPasswordField = z
  .string({ error: MSG.required })
  .min(1, { error: MSG.required, abort: true })
  .refine((value) => value.length <= 15, MSG.passwordTooLong)
  .refine((value) => value.length > 15 || PASSWORD_PATTERN.test(value), MSG.password);

/** A password being checked against a stored hash: only presence is validated. */
export const existingPasswordField = z.string({ error: MSG.required }).min(1, MSG.required).max(200);
