import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseFaq, CourseMaterial, FaqInput } from '../../../common/contracts/course-content';
import { api, uploadWithProgress } from '../../app/api';
import { courseKeys } from './api';

export const faqsQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['courses', 'faqs', courseId],
    queryFn: () => api<{ faqs: CourseFaq[] }>(`/courses/${courseId}/faqs`),
  });

export const materialsQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['courses', 'materials', courseId],
    queryFn: () => api<{ materials: CourseMaterial[] }>(`/courses/${courseId}/materials`),
  });

export const useCourseFaqs = (courseId: string) => useQuery(faqsQuery(courseId));
export const useCourseMaterials = (courseId: string) => useQuery(materialsQuery(courseId));

/** Refreshes a step's list and the course (its step completion). */
function useRefresh(courseId: string, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: courseKeys.one(courseId) });
  };
}

export function useFaqMutations(courseId: string) {
  const refresh = useRefresh(courseId, faqsQuery(courseId).queryKey);
  const base = `/courses/${courseId}/faqs`;
  const create = useMutation({
    mutationFn: (body: FaqInput) => api<CourseFaq>(base, { method: 'POST', body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: Partial<FaqInput> & { id: string; position?: number }) =>
      api<CourseFaq>(`${base}/${id}`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`${base}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}

export function useMaterialMutations(courseId: string) {
  const refresh = useRefresh(courseId, materialsQuery(courseId).queryKey);
  const remove = useMutation({
    mutationFn: (id: string) =>
      api<{ ok: true }>(`/courses/${courseId}/materials/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      api<CourseMaterial>(`/courses/${courseId}/materials/${id}`, { method: 'PUT', body: { title } }),
    onSuccess: refresh,
  });
  return { remove, rename, refresh };
}

export function uploadMaterial(courseId: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  const title = file.name.replace(/\.[^.]+$/, '').slice(0, 150);
  return uploadWithProgress<CourseMaterial>(
    `/courses/${courseId}/materials?title=${encodeURIComponent(title)}`,
    form,
    onProgress,
  );
}

/** A fresh signed link to read a material (links expire, so one is asked for on each open). */
export const materialUrl = (courseId: string, id: string) =>
  api<{ url: string }>(`/courses/${courseId}/materials/${id}/url`);
