import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { QuestionInput, questionSchema } from '../../../common/contracts/quizzes';
import { isChoice, type QuestionImage, type QuestionOption, trueFalseOptions } from '../../../common/quizzes';
import type { QuizQuestionRow } from '../../db/schema/index';

export type QuestionData = z.output<typeof questionSchema>;

/** Short, random, and unique within the question: answers point at options by these ids. */
const newOptionId = () => randomBytes(6).toString('base64url');

/**
 * What a validated question stores. Given option ids are kept (so saved answers keep meaning the same
 * option); new options get fresh ids. True/false stores its two fixed options; fields a type does not use
 * are emptied so a changed type leaves nothing stale behind. `images` are the pictures the server vouches for
 * (keptImages, or an import's stored files), never the input's own list.
 */
export function questionValues(question: QuestionData, images: QuestionImage[] = []) {
  let options: QuestionOption[] = [];
  if (question.type === 'true_false') options = trueFalseOptions(question.trueFalseAnswer === true);
  else if (isChoice(question.type)) {
    const used = new Set<string>();
    options = question.options.map((option) => {
      let id = option.id?.trim() || newOptionId();
      while (used.has(id)) id = newOptionId();
      used.add(id);
      return { id, text: option.text, correct: option.correct };
    });
  }
  return {
    type: question.type,
    prompt: question.prompt,
    options,
    acceptedAnswers: question.type === 'short' ? question.acceptedAnswers : [],
    marks: question.marks,
    negativeMarks: question.negativeMarks,
    explanation: question.explanation,
    videoId: question.videoId,
    videoSeconds: question.videoId ? question.videoSeconds : null,
    images,
    tags: [...new Set(question.tags.map((tag) => tag.trim()))],
  };
}

/**
 * The pictures an edit keeps: those it names that the question already had, in the edit's order, with the
 * edit's alt text. A key the question did not have is dropped, so no form can show someone else's file.
 */
export function keptImages(edit: QuestionData['images'], had: readonly QuestionImage[]): QuestionImage[] {
  const own = new Set(had.map((image) => image.key));
  const seen = new Set<string>();
  return edit.flatMap((image) => {
    if (!own.has(image.key) || seen.has(image.key)) return [];
    seen.add(image.key);
    return [{ key: image.key, alt: image.alt.trim() }];
  });
}

/** A stored question as the form would send it: the base an edit is merged onto. */
export function questionInputOf(row: QuizQuestionRow): QuestionInput {
  return {
    type: row.type as QuestionInput['type'],
    prompt: row.prompt,
    options: row.type === 'true_false' ? [] : row.options,
    trueFalseAnswer:
      row.type === 'true_false' ? row.options.some((o) => o.id === 'true' && o.correct) : undefined,
    acceptedAnswers: row.acceptedAnswers,
    marks: row.marks,
    negativeMarks: row.negativeMarks,
    explanation: row.explanation,
    videoId: row.videoId,
    videoSeconds: row.videoSeconds,
    images: row.images,
    tags: row.tags,
  };
}

/** A zod failure as the API's error shape: the first message, and one message per field. */
export function issuesOf(error: z.ZodError): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  return { message: error.issues[0]?.message ?? 'Invalid question', fields };
}
