import { type OpenQuestion, round2 } from '../../../../common/quizzes';
import { countOf } from '../../../../common/words';

export const formatTimeLimit = (minutes: number) => (minutes > 0 ? `${minutes} min` : 'No time limit');

export const formatAttempts = (used: number, allowed: number) =>
  allowed > 0 ? `${used} of ${allowed}` : `${used} (unlimited)`;

export const formatMarks = (n: number) => String(round2(n));

/** Marks with their noun: "1 mark", "2.5 marks". */
export const marksText = (marks: number) => countOf(round2(marks), 'mark');

/** The texts of the chosen options, in the paper's order. */
export function optionTexts(question: Pick<OpenQuestion, 'options'>, ids: readonly string[] = []): string[] {
  return question.options.filter((option) => ids.includes(option.id)).map((option) => option.text);
}
