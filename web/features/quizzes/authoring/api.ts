import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuthorQuestion,
  BankImportReport,
  BankPreview,
  ImportReport,
  QuestionInput,
  QuizDetail,
  QuizSettingsInput,
  QuizSummary,
} from '../../../../common/contracts/quizzes';
import { api, uploadWithProgress } from '../../../app/api';
import { courseKeys } from '../../courses';

/** Query keys of quiz authoring; a change to a quiz refreshes its course's list and step completion. */
export const quizKeys = {
  list: (courseId: string) => ['quizzes', 'authoring', 'list', courseId] as const,
  one: (quizId: string) => ['quizzes', 'authoring', 'one', quizId] as const,
};

export const courseQuizzesQuery = (courseId: string) =>
  queryOptions({
    queryKey: quizKeys.list(courseId),
    queryFn: () => api<{ quizzes: QuizSummary[] }>(`/quizzes/of-course/${courseId}`),
  });

export const quizQuery = (quizId: string) =>
  queryOptions({
    queryKey: quizKeys.one(quizId),
    queryFn: () => api<QuizDetail>(`/quizzes/${quizId}`),
  });

export const useCourseQuizzes = (courseId: string) => useQuery(courseQuizzesQuery(courseId));

export function useQuiz(quizId: string | null) {
  return useQuery({ ...quizQuery(quizId ?? ''), enabled: Boolean(quizId) });
}

/** Refreshes everything a quiz change can alter: the quiz, the course's quiz list and the course's steps. */
export function useRefreshQuiz(courseId: string) {
  const queryClient = useQueryClient();
  return (quizId?: string) => {
    if (quizId) void queryClient.invalidateQueries({ queryKey: quizKeys.one(quizId) });
    void queryClient.invalidateQueries({ queryKey: quizKeys.list(courseId) });
    void queryClient.invalidateQueries({ queryKey: courseKeys.one(courseId) });
  };
}

export function useQuizMutations(courseId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshQuiz(courseId);
  const create = useMutation({
    mutationFn: (body: QuizSettingsInput) =>
      api<QuizDetail>(`/quizzes/of-course/${courseId}`, { method: 'POST', body }),
    onSuccess: (quiz) => {
      queryClient.setQueryData(quizKeys.one(quiz.id), quiz);
      refresh();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: Partial<QuizSettingsInput> & { id: string; position?: number }) =>
      api<QuizDetail>(`/quizzes/${id}`, { method: 'PUT', body }),
    onSuccess: (quiz) => {
      queryClient.setQueryData(quizKeys.one(quiz.id), quiz);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<null>(`/quizzes/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: quizKeys.one(id) });
      refresh();
    },
  });
  return { create, update, remove };
}

export function useQuestionMutations(courseId: string, quizId: string) {
  const refresh = useRefreshQuiz(courseId);
  const base = `/quizzes/${quizId}/questions`;
  const onSuccess = () => refresh(quizId);
  const create = useMutation({
    mutationFn: (body: QuestionInput) => api<AuthorQuestion>(base, { method: 'POST', body }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: Partial<QuestionInput> & { id: string; position?: number }) =>
      api<AuthorQuestion>(`${base}/${id}`, { method: 'PUT', body }),
    onSuccess,
  });
  const duplicate = useMutation({
    mutationFn: (id: string) => api<AuthorQuestion>(`${base}/${id}/duplicate`, { method: 'POST' }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<null>(`${base}/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { create, update, duplicate, remove, refresh: onSuccess };
}

/** Sends a CSV of questions with upload progress; the answer says what was imported and what was not. */
export function importQuestions(quizId: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<ImportReport>(`/quizzes/${quizId}/questions/import`, form, onProgress);
}

/** Reads a question bank (Moodle XML, GIFT, Aiken, QTI) for its preview; nothing is saved. */
export function previewBank(quizId: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<BankPreview>(`/quizzes/${quizId}/questions/import/preview`, form, onProgress);
}

/**
 * Imports the previewed bank: the fields go before the file (the server reads those sent ahead of it), the digest
 * makes sure the file is the one previewed, `leaveOut` the questions unticked.
 */
export function importBank(
  quizId: string,
  file: File,
  choice: { digest: string; leaveOut: number[] },
  onProgress: (percent: number) => void,
) {
  const form = new FormData();
  form.append('digest', choice.digest);
  form.append('leaveOut', choice.leaveOut.join(','));
  form.append('file', file);
  return uploadWithProgress<BankImportReport>(`/quizzes/${quizId}/questions/import/bank`, form, onProgress);
}
