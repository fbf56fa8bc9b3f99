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

/** True/false's two fixed options, named in the reader's language (stored as "True" and "False"). */
export const TRUE_FALSE_KEYS: Record<string, string> = {
  true: 'quizzes.common.true',
  false: 'quizzes.common.false',
};

/** An option's text as shown: true/false's in the reader's language, any other as its author wrote it. */
export const optionText = (type: OpenQuestion['type'], option: { id: string; text: string }) =>
  type === 'true_false' && TRUE_FALSE_KEYS[option.id] ? t(TRUE_FALSE_KEYS[option.id]) : option.text;

/** The texts of the chosen options, in the paper's order. */
export function optionTexts(
  question: Pick<OpenQuestion, 'options' | 'type'>,
  ids: readonly string[] = [],
): string[] {
  return question.options
    .filter((option) => ids.includes(option.id))
    .map((option) => optionText(question.type, option));
}
