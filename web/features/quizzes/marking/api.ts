import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MARKING_PAGE_SIZE,
  type MarkInput,
  type MarkingPage,
  type MarkingView,
} from '../../../../common/contracts/quizzes';
import { api } from '../../../app/api';

export type MarkingStatus = 'submitted' | 'marked';

export interface MarkingListQuery {
  status: MarkingStatus;
  courseId?: string;
  page: number;
}

export const markingKeys = {
  all: ['marking'] as const,
  list: (query: MarkingListQuery) => ['marking', 'list', query] as const,
  one: (attemptId: string) => ['marking', 'one', attemptId] as const,
  courses: ['marking', 'courses'] as const,
};

export const markingListQuery = (query: MarkingListQuery) =>
  queryOptions({
    queryKey: markingKeys.list(query),
    queryFn: () =>
      api<MarkingPage>('/marking/attempts', {
        query: {
          status: query.status,
          courseId: query.courseId,
          page: query.page,
          pageSize: MARKING_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

export function useMarkingList(query: MarkingListQuery) {
  return useQuery(markingListQuery(query));
}

export function useMarkingView(attemptId: string | null) {
  return useQuery({
    queryKey: markingKeys.one(attemptId ?? ''),
    queryFn: () => api<MarkingView>(`/marking/attempts/${attemptId}`),
    enabled: Boolean(attemptId),
  });
}

/** Every course with attempts the marker may mark, for the course filter. */
export function useMarkerCourses() {
  return useQuery({
    queryKey: markingKeys.courses,
    queryFn: async () =>
      (await api<{ courses: { id: string; title: string }[] }>('/marking/courses')).courses,
    staleTime: 5 * 60_000,
  });
}

export function useSaveMarks(attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkInput) =>
      api<MarkingView>(`/marking/attempts/${attemptId}`, { method: 'PUT', body: input }),
    onSuccess: (view) => {
      queryClient.setQueryData(markingKeys.one(attemptId), view);
      void queryClient.invalidateQueries({ queryKey: ['marking', 'list'] });
    },
  });
}

/** A fresh signed URL of a file answer (the one in the view may have expired). */
export function fileAnswerUrl(attemptId: string, questionId: string) {
  return api<{ url: string }>(`/marking/attempts/${attemptId}/answers/${questionId}/file`);
}
