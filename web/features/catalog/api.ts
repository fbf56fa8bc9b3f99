import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';

export interface CatalogCourse {
  id: string;
  title: string;
  description: string;
  category: string;
  level: string;
  language: string;
  price: number;
  currency: string;
  teacherName: string;
  lessonCount: number;
  previewCount: number;
  totalSeconds: number;
  posterUrl: string | null;
  thumbnailUrl: string | null;
}

export interface CatalogVideo {
  id: string;
  title: string;
  durationSeconds: number | null;
}

export interface CatalogCourseDetail extends CatalogCourse {
  lessons: CatalogVideo[];
  previews: (CatalogVideo & { posterUrl: string | null; playlistUrl: string; captionsUrl: string | null })[];
  faqs: { id: string; question: string; answer: string }[];
  materialCount: number;
  /** null when nobody is logged in. */
  subscribed: boolean | null;
}

export interface CatalogQuery {
  search?: string;
  category?: string;
  level?: string;
  price?: 'free' | 'paid';
  page: number;
}

export interface CatalogPage {
  courses: CatalogCourse[];
  total: number;
  page: number;
  pageSize: number;
}

export const catalogKeys = {
  all: ['catalog'] as const,
  list: (query: CatalogQuery) => ['catalog', 'list', query] as const,
  one: (id: string) => ['catalog', 'one', id] as const,
};

export function useCatalog(query: CatalogQuery) {
  return useQuery({
    queryKey: catalogKeys.list(query),
    queryFn: () => api<CatalogPage>('/catalog/courses', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function useCatalogCourse(id: string | null) {
  return useQuery({
    queryKey: catalogKeys.one(id ?? ''),
    queryFn: () => api<CatalogCourseDetail>(`/catalog/courses/${id}`),
    enabled: Boolean(id),
  });
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) =>
      api<{ courseId: string; subscribed: boolean }>(`/learning/courses/${courseId}/subscribe`, {
        method: 'POST',
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['learning'] });
    },
  });
}
