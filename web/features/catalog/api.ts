import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogCourseDetail, CatalogPage } from '../../../common/contracts/catalog';
import { api } from '../../app/api';

export interface CatalogQuery {
  search?: string;
  category?: string;
  level?: string;
  price?: 'free' | 'paid';
  page: number;
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

/** A course's public page in the catalogue: read by its drawer and previews, and by the server drawing them. */
export const catalogCourseQuery = (id: string) => ({
  queryKey: catalogKeys.one(id),
  queryFn: () => api<CatalogCourseDetail>(`/catalog/courses/${id}`),
});

export function useCatalogCourse(id: string | null) {
  return useQuery({ ...catalogCourseQuery(id ?? ''), enabled: Boolean(id) });
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
