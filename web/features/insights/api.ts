import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddFaqInput,
  CourseInsights,
  DigestSettings,
  InsightCourseList,
} from '../../../common/contracts/insights';
import { api } from '../../app/api';
import { INSIGHTS_KEY } from '../../app/query-keys';

/** Every path of common/contracts/insights.ts, one fetcher or hook each. */
const base = '/insights';

/** While figures are being prepared, the page asks again this often. */
export const POLL_MS = 3000;

export const insightKeys = {
  all: INSIGHTS_KEY,
  courses: (search: string) => [...INSIGHTS_KEY, 'courses', search] as const,
  course: (id: string) => [...INSIGHTS_KEY, 'course', id] as const,
  digest: [...INSIGHTS_KEY, 'digest'] as const,
};

/** True while a course's figures are not there yet or a refresh runs: the page polls. */
export const isPreparing = (data: Pick<CourseInsights, 'refreshedAt' | 'refreshing'> | undefined) =>
  Boolean(data && (data.refreshing || data.refreshedAt === null));

export const insightCoursesQuery = (search: string) =>
  queryOptions({
    queryKey: insightKeys.courses(search),
    queryFn: ({ signal }) =>
      api<InsightCourseList>(`${base}/courses`, { query: { search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

/** The courses the caller may see insights of, first page, by a search the picker debounces. */
export function useInsightCourses(search: string) {
  return useQuery(insightCoursesQuery(search));
}

export const courseInsightsQuery = (courseId: string) =>
  queryOptions({
    queryKey: insightKeys.course(courseId),
    queryFn: () => api<CourseInsights>(`${base}/courses/${courseId}`),
    refetchInterval: (query) => (isPreparing(query.state.data) ? POLL_MS : false),
  });

export function useCourseInsights(courseId: string | null) {
  return useQuery({ ...courseInsightsQuery(courseId ?? ''), enabled: Boolean(courseId) });
}

/** Queues a refresh; the course shows "Preparing…" and polls until its figures move. */
export function useRefreshInsights(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ queued: true }>(`${base}/courses/${courseId}/refresh`, { method: 'POST' }),
    onSuccess: async () => {
      queryClient.setQueryData<CourseInsights>(insightKeys.course(courseId), (data) =>
        data ? { ...data, refreshing: true } : data,
      );
      await queryClient.invalidateQueries({ queryKey: insightKeys.course(courseId) });
    },
  });
}

/** Adds a FAQ entry to a guru from an unanswered group; the group shows "FAQ added" at once. */
export function useAddFaq(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guruId, ...input }: AddFaqInput & { guruId: string }) =>
      api<{ faqId: string }>(`${base}/gurus/${guruId}/faq`, { method: 'POST', body: input }),
    onSuccess: async (_answer, input) => {
      const fixedAt = new Date().toISOString();
      queryClient.setQueryData<CourseInsights>(insightKeys.course(courseId), (data) =>
        data && input.groupKey
          ? {
              ...data,
              questions: {
                ...data.questions,
                unanswered: data.questions.unanswered.map((group) =>
                  group.key === input.groupKey ? { ...group, fixedAt } : group,
                ),
              },
            }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: insightKeys.course(courseId) });
    },
  });
}

export function useDigest() {
  return useQuery({
    queryKey: insightKeys.digest,
    queryFn: () => api<DigestSettings>(`${base}/digest`),
  });
}

/** Saves the weekly digest choice; the switch moves at once and moves back if saving fails. */
export function useSaveDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DigestSettings) =>
      api<DigestSettings>(`${base}/digest`, { method: 'PUT', body: settings }),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: insightKeys.digest });
      const before = queryClient.getQueryData<DigestSettings>(insightKeys.digest);
      queryClient.setQueryData(insightKeys.digest, settings);
      return { before };
    },
    onError: (_error, _settings, context) => queryClient.setQueryData(insightKeys.digest, context?.before),
    onSuccess: (saved) => queryClient.setQueryData(insightKeys.digest, saved),
  });
}
