import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttemptView,
  LearnerQuiz,
  PreviewResult,
  QuizDetail,
  SavedAnswer,
} from '../../../../common/contracts/quizzes';
import type { AnswerResponse } from '../../../../common/quizzes';
import { api, uploadWithProgress } from '../../../app/api';

/** Query keys of quiz taking; every key starts with 'quiz-taking' so one invalidation refreshes them all. */
export const takingKeys = {
  all: ['quiz-taking'] as const,
  courseQuizzes: (courseId: string) => ['quiz-taking', 'course', courseId] as const,
  quiz: (quizId: string) => ['quiz-taking', 'quiz', quizId] as const,
  attempt: (attemptId: string) => ['quiz-taking', 'attempt', attemptId] as const,
  authorQuiz: (quizId: string) => ['quiz-taking', 'author-quiz', quizId] as const,
};

export const courseQuizzesQuery = (courseId: string) =>
  queryOptions({
    queryKey: takingKeys.courseQuizzes(courseId),
    queryFn: async () =>
      (await api<{ quizzes: LearnerQuiz[] }>(`/learning/quizzes/of-course/${courseId}`)).quizzes,
  });

/** The quizzes of a course a learner is subscribed to, with their attempts. */
export function useCourseQuizzes(courseId: string) {
  return useQuery(courseQuizzesQuery(courseId));
}

export function useLearnerQuiz(quizId: string | null) {
  return useQuery({
    queryKey: takingKeys.quiz(quizId ?? ''),
    queryFn: () => api<LearnerQuiz>(`/learning/quizzes/${quizId}`),
    enabled: Boolean(quizId),
  });
}

export const attemptQuery = (attemptId: string) =>
  queryOptions({
    queryKey: takingKeys.attempt(attemptId),
    queryFn: () => api<AttemptView>(`/learning/attempts/${attemptId}`),
    // The answers being typed live in the page; a background refetch must not reset them...
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
    // ...but coming back to the page later must start from what the server has now, not an old copy.
    gcTime: 0,
  });

export function useAttempt(attemptId: string | null) {
  return useQuery({ ...attemptQuery(attemptId ?? ''), enabled: Boolean(attemptId) });
}

/** Starts an attempt, or resumes the open one (the server decides which). */
export function useStartAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quizId: string) =>
      api<AttemptView>(`/learning/quizzes/${quizId}/attempts`, { method: 'POST' }),
    onSuccess: (attempt) => {
      queryClient.setQueryData(takingKeys.attempt(attempt.id), attempt);
      void queryClient.invalidateQueries({ queryKey: takingKeys.quiz(attempt.quizId) });
      void queryClient.invalidateQueries({ queryKey: takingKeys.courseQuizzes(attempt.courseId) });
    },
  });
}

export function saveAnswer(attemptId: string, questionId: string, response: AnswerResponse) {
  return api<SavedAnswer>(`/learning/attempts/${attemptId}/answers/${questionId}`, {
    method: 'PUT',
    body: { response: { optionIds: response.optionIds, text: response.text } },
  });
}

export function uploadFileAnswer(
  attemptId: string,
  questionId: string,
  file: File,
  onProgress: (percent: number) => void,
) {
  const formData = new FormData();
  formData.append('file', file);
  return uploadWithProgress<SavedAnswer>(
    `/learning/attempts/${attemptId}/answers/${questionId}/file`,
    formData,
    onProgress,
  );
}

export function useSubmitAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: string) =>
      api<AttemptView>(`/learning/attempts/${attemptId}/submit`, { method: 'POST' }),
    onSuccess: (attempt) => {
      queryClient.setQueryData(takingKeys.attempt(attempt.id), attempt);
      void queryClient.invalidateQueries({ queryKey: takingKeys.quiz(attempt.quizId) });
      void queryClient.invalidateQueries({ queryKey: takingKeys.courseQuizzes(attempt.courseId) });
    },
  });
}

/** The author's view of a quiz (with correct answers), for the author's preview. */
export function useAuthorQuiz(quizId: string | null) {
  return useQuery({
    queryKey: takingKeys.authorQuiz(quizId ?? ''),
    queryFn: () => api<QuizDetail>(`/quizzes/${quizId}`),
    enabled: Boolean(quizId),
  });
}

/** Grades a preview on the server without recording anything. */
export function usePreviewCheck(quizId: string) {
  return useMutation({
    mutationFn: (responses: Record<string, AnswerResponse>) =>
      api<PreviewResult>(`/quizzes/${quizId}/preview/check`, {
        method: 'POST',
        body: {
          responses: Object.fromEntries(
            Object.entries(responses).map(([id, r]) => [id, { optionIds: r.optionIds, text: r.text }]),
          ),
        },
      }),
  });
}
