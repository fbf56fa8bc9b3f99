import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthoredCourse, CourseInfoInput, CoursePage } from '../../../common/contracts/courses';
import type { CourseFilter } from '../../../common/courses';
import { api } from '../../app/api';
import { COURSES_KEY } from '../../app/query-keys';

export interface CourseListQuery {
  search?: string;
  filter?: CourseFilter;
  page: number;
}

export const courseKeys = {
  all: COURSES_KEY,
  list: (query: CourseListQuery) => [...COURSES_KEY, 'list', query] as const,
  one: (id: string) => [...COURSES_KEY, 'one', id] as const,
};

export const coursesQuery = (query: CourseListQuery) =>
  queryOptions({
    queryKey: courseKeys.list(query),
    queryFn: () => api<CoursePage>('/courses', { query: { ...query, pageSize: 12 } }),
    placeholderData: keepPreviousData,
  });

export const courseQuery = (id: string) =>
  queryOptions({ queryKey: courseKeys.one(id), queryFn: () => api<AuthoredCourse>(`/courses/${id}`) });

export function useCourses(query: CourseListQuery) {
  return useQuery(coursesQuery(query));
}

export function useCourse(id: string | null) {
  return useQuery({ ...courseQuery(id ?? ''), enabled: Boolean(id) });
}

/** Saves the information step: creates the course the first time, updates it afterwards. */
export function useSaveCourseInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, info }: { id: string | null; info: CourseInfoInput }) =>
      id
        ? api<AuthoredCourse>(`/courses/${id}`, { method: 'PUT', body: info })
        : api<AuthoredCourse>('/courses', { method: 'POST', body: info }),
    onSuccess: (course) => {
      queryClient.setQueryData(courseKeys.one(course.id), course);
      void queryClient.invalidateQueries({ queryKey: ['courses', 'list'] });
    },
  });
}

export function useSubmitCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<AuthoredCourse>(`/courses/${id}/submit`, { method: 'POST' }),
    onSuccess: (course) => {
      queryClient.setQueryData(courseKeys.one(course.id), course);
      void queryClient.invalidateQueries({ queryKey: ['courses', 'list'] });
    },
  });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`/courses/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
