import type { DraftRun, QuestionDraft } from '../../../../common/contracts/question-drafts';
import { QUIZ_LIMITS } from '../../../../common/quizzes';
import { formatClock } from '../../../../common/time';
import { newOption, type QuestionValues } from './question-form';

/**
 * The review screen's pure parts (issue 37): a suggested question as the question editor's values, where it is
 * taught, and the waiting list after an accept, a reject, a regenerate or a "more like this".
 */

/** A run still at work: its progress is read again until it ends. */
export const isDrafting = (run: DraftRun | null | undefined): boolean =>
  run?.status === 'queued' || run?.status === 'running';

/**
 * The question editor's values for a draft, so the teacher can edit it before accepting: its type, prompt and
 * answers, the justifying sentence as the explanation, and the teaching moment as the video and its time.
 */
export function draftValues(draft: QuestionDraft): QuestionValues {
  const choice = draft.type === 'single' || draft.type === 'multiple';
  return {
    type: draft.type,
    prompt: draft.prompt,
    options: choice
      ? draft.options.map((option) => newOption(option.text, option.correct))
      : [newOption(), newOption()],
    trueFalseAnswer:
      draft.type === 'true_false' && draft.trueFalseAnswer !== null
        ? draft.trueFalseAnswer
          ? 'true'
          : 'false'
        : '',
    acceptedAnswers: draft.type === 'short' ? [...draft.acceptedAnswers] : [],
    marks: 1,
    negativeMarks: 0,
    explanation: draft.sentence.slice(0, QUIZ_LIMITS.explanationLength),
    videoId: draft.videoId,
    videoTime: draft.videoId && draft.videoSeconds !== null ? formatClock(draft.videoSeconds) : '',
    tags: [],
    images: [],
  };
}

/** Where a draft's answer is taught: a lesson at a time ("1:42"), a study material's page, or nowhere known. */
export type DraftMoment =
  | { kind: 'video'; title: string | null; time: string }
  | { kind: 'page'; page: number }
  | null;

export function draftMoment(draft: QuestionDraft): DraftMoment {
  if (draft.videoId) {
    return { kind: 'video', title: draft.videoTitle, time: formatClock(draft.videoSeconds ?? 0) };
  }
  if (draft.page !== null) return { kind: 'page', page: draft.page };
  return null;
}

/** What a finished run has to say: why it failed, or that it offered nothing; null when it offered drafts. */
export function runNotice(
  run: DraftRun | null | undefined,
): { kind: 'failed' | 'empty'; message: string | null } | null {
  if (!run) return null;
  if (run.status === 'failed') return { kind: 'failed', message: run.message };
  if (run.status === 'done' && run.made === 0) return { kind: 'empty', message: run.message };
  return null;
}

/** The waiting list once a draft is accepted or rejected: it leaves. */
export const withoutDraft = (drafts: QuestionDraft[], id: string) =>
  drafts.filter((draft) => draft.id !== id);

/** The waiting list once a draft is regenerated: the new one takes the old one's place. */
export const replaceDraft = (drafts: QuestionDraft[], id: string, next: QuestionDraft) =>
  drafts.map((draft) => (draft.id === id ? next : draft));

/** The waiting list with "more like this" placed right after the draft they are like (each draft once). */
export function insertAfter(drafts: QuestionDraft[], id: string, more: QuestionDraft[]): QuestionDraft[] {
  const fresh = more.filter((draft) => !drafts.some((shown) => shown.id === draft.id));
  const at = drafts.findIndex((draft) => draft.id === id);
  if (at < 0) return [...drafts, ...fresh];
  return [...drafts.slice(0, at + 1), ...fresh, ...drafts.slice(at + 1)];
}
