import type { OpenQuestion } from '../../../../common/quizzes';

/** Seconds as m:ss (or h:mm:ss from an hour on), for timers and video moments. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const formatTimeLimit = (minutes: number) => (minutes > 0 ? `${minutes} min` : 'No time limit');

export const formatAttempts = (used: number, allowed: number) =>
  allowed > 0 ? `${used} of ${allowed}` : `${used} (unlimited)`;

export const formatMarks = (n: number) => String(Math.round(n * 100) / 100);

export const formatDateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** The texts of the chosen options, in the paper's order. */
export function optionTexts(question: Pick<OpenQuestion, 'options'>, ids: readonly string[] = []): string[] {
  return question.options.filter((option) => ids.includes(option.id)).map((option) => option.text);
}
