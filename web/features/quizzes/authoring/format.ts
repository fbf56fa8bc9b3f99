import { t } from '../i18n';

/** Small texts shared by the quiz authoring screens (in the language of the component that calls them). */

export const timeLimitText = (minutes: number) =>
  minutes > 0 ? t('quizzes.format.minutes', { minutes }) : t('quizzes.format.noLimit');

export const attemptsText = (attempts: number) =>
  attempts > 0 ? String(attempts) : t('quizzes.format.unlimited');

export { marksText } from '../taking/format';

/**
 * Reads "mm:ss" (also "h:mm:ss" or plain seconds) into seconds. Empty → null (no moment chosen);
 * anything else unreadable → undefined, so the form can say so.
 */
export function parseVideoTime(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+(:\d{1,2}){0,2}$/.test(trimmed)) return undefined;
  const parts = trimmed.split(':').map(Number);
  if (parts.slice(1).some((part) => part >= 60)) return undefined;
  return parts.reduce((total, part) => total * 60 + part, 0);
}
