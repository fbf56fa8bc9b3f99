import { type OpenQuestion, round2 } from '../../../../common/quizzes';
import { t } from '../i18n';

export const formatTimeLimit = (minutes: number) =>
  minutes > 0 ? t('quizzes.format.minutes', { minutes }) : t('quizzes.format.noTimeLimit');

export const formatAttempts = (used: number, allowed: number) =>
  allowed > 0
    ? t('quizzes.format.attemptsOf', { used, allowed })
    : t('quizzes.format.attemptsUnlimited', { used });

export const formatMarks = (n: number) => String(round2(n));

/** Marks with their noun: "1 mark", "2.5 marks". */
export const marksText = (marks: number) => t('quizzes.format.marks', { count: round2(marks) });

/** The texts of the chosen options, in the paper's order. */
export function optionTexts(question: Pick<OpenQuestion, 'options'>, ids: readonly string[] = []): string[] {
  return question.options.filter((option) => ids.includes(option.id)).map((option) => option.text);
}
