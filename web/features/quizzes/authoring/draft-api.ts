import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DraftList,
  DraftRun,
  DraftRunInput,
  QuestionDraft,
} from '../../../../common/contracts/question-drafts';
import type { QuestionInput } from '../../../../common/contracts/quizzes';
import { api } from '../../../app/api';
import { useRefreshQuiz } from './api';
import { insertAfter, isDrafting, replaceDraft, withoutDraft } from './draft-form';

/** The quiz editor's suggested questions (common/contracts/question-drafts.ts). */
export const draftKeys = {
  list: (quizId: string) => ['quizzes', 'authoring', 'drafts', quizId] as const,
  run: (quizId: string, runId: string) => ['quizzes', 'authoring', 'draft-run', quizId, runId] as const,
};

/** How often a run at work is read again. */
export const DRAFT_POLL_MS = 1000;

const base = (quizId: string) => `/question-drafts/quizzes/${quizId}`;

export const draftListQuery = (quizId: string) =>
  queryOptions({
    queryKey: draftKeys.list(quizId),
    queryFn: () => api<DraftList>(base(quizId)),
  });

/** The drafts waiting for the teacher's review, and the latest run. */
export const useDraftList = (quizId: string) => useQuery(draftListQuery(quizId));

/** One run, read every second while it is queued or running (and not after a failed read). */
export function useDraftRun(quizId: string, runId: string | null) {
  return useQuery({
    queryKey: draftKeys.run(quizId, runId ?? ''),
    queryFn: () => api<DraftRun>(`${base(quizId)}/runs/${runId}`),
    enabled: Boolean(runId),
    refetchInterval: (query) =>
      query.state.status !== 'error' && isDrafting(query.state.data) ? DRAFT_POLL_MS : false,
  });
}

/** Starts drafting (a lesson, or the whole course when videoId is null); the answer is the queued run. */
export function useStartDrafting(quizId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DraftRunInput) => api<DraftRun>(`${base(quizId)}/runs`, { method: 'POST', body }),
    onSuccess: (run) => {
      queryClient.setQueryData(draftKeys.run(quizId, run.id), run);
      queryClient.setQueryData<DraftList>(draftKeys.list(quizId), (old) => (old ? { ...old, run } : old));
    },
  });
}

/**
 * What the teacher can do with one draft. Each call changes the waiting list in place (an accepted or rejected
 * draft leaves, a regenerated one is replaced, "more like this" lands after it); an accept refreshes the quiz.
 */
export function useDraftActions(courseId: string, quizId: string, draftId: string) {
  const queryClient = useQueryClient();
  const refreshQuiz = useRefreshQuiz(courseId);
  const change = (edit: (drafts: QuestionDraft[]) => QuestionDraft[]) =>
    queryClient.setQueryData<DraftList>(draftKeys.list(quizId), (old) =>
      old ? { ...old, drafts: edit(old.drafts) } : old,
    );
  const url = `${base(quizId)}/${draftId}`;
  const accept = useMutation({
    /** Without a question it is accepted as drafted; with one, as the teacher edited it. */
    mutationFn: (question?: QuestionInput) =>
      api<{ questionId: string }>(`${url}/accept`, {
        method: 'POST',
        body: question ? { question } : {},
      }),
    onSuccess: () => {
      change((drafts) => withoutDraft(drafts, draftId));
      refreshQuiz(quizId);
    },
  });
  const reject = useMutation({
    mutationFn: (reason: string) =>
      api<null>(`${url}/reject`, { method: 'POST', body: reason.trim() ? { reason: reason.trim() } : {} }),
    onSuccess: () => change((drafts) => withoutDraft(drafts, draftId)),
  });
  const regenerate = useMutation({
    mutationFn: () => api<{ draft: QuestionDraft }>(`${url}/regenerate`, { method: 'POST', body: {} }),
    onSuccess: ({ draft }) => change((drafts) => replaceDraft(drafts, draftId, draft)),
  });
  const more = useMutation({
    mutationFn: () => api<{ drafts: QuestionDraft[] }>(`${url}/more`, { method: 'POST', body: {} }),
    onSuccess: (answer) => change((drafts) => insertAfter(drafts, draftId, answer.drafts)),
  });
  return { accept, reject, regenerate, more };
}
