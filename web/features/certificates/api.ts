import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CertificateSummary,
  CertificateTemplate,
  CompletionProgress,
  CompletionRules,
  PublicCertificate,
} from '../../../common/certificates';
import { api, apiBlob } from '../../app/api';
import { COURSES_KEY } from '../../app/query-keys';

export const certificateKeys = {
  all: ['certificates'] as const,
  progress: (courseId: string) => ['certificates', 'progress', courseId] as const,
  mine: ['certificates', 'mine'] as const,
  verify: (id: string) => ['certificates', 'verify', id] as const,
  rules: (courseId: string) => ['certificates', 'rules', courseId] as const,
  issued: (courseId: string, search: string, page: number) =>
    ['certificates', 'issued', courseId, search, page] as const,
  template: (courseId: string | null) => ['certificates', 'template', courseId ?? 'own'] as const,
};

export interface MyCertificates {
  certificates: CertificateSummary[];
  printedName: string;
  nameConfirmed: boolean;
}

export interface IssuedPage {
  items: (CertificateSummary & { email: string })[];
  total: number;
  page: number;
  pageSize: number;
}

export interface TemplateAnswer {
  template: CertificateTemplate;
  own: boolean;
  source: 'course' | 'own' | 'teacher' | 'institute' | 'default';
}

/** While rules are still open, read again every 30 s: a lesson watched past a share below 90 % ticks its rule. */
const OPEN_RULES_REFRESH_MS = 30_000;

export function useCompletionProgress(courseId: string) {
  return useQuery({
    queryKey: certificateKeys.progress(courseId),
    queryFn: () => api<CompletionProgress>(`/certificates/courses/${courseId}/progress`),
    refetchInterval: (query) =>
      query.state.data?.enabled && !query.state.data.certificate ? OPEN_RULES_REFRESH_MS : false,
  });
}

export function useClaimCertificate(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<CertificateSummary>(`/certificates/courses/${courseId}/claim`, { method: 'POST', body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

export function useMyCertificates() {
  return useQuery({
    queryKey: certificateKeys.mine,
    queryFn: () => api<MyCertificates>('/certificates/mine'),
  });
}

export function useSaveCertificateName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api('/certificates/name', { method: 'PUT', body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

export function useVerifiedCertificate(id: string) {
  return useQuery({
    queryKey: certificateKeys.verify(id),
    queryFn: () => api<PublicCertificate>(`/certificates/verify/${encodeURIComponent(id)}`),
    retry: false,
  });
}

export function useCompletionRules(courseId: string) {
  return useQuery({
    queryKey: certificateKeys.rules(courseId),
    queryFn: () =>
      api<{ rules: CompletionRules; quizzes: { id: string; title: string; passPercent: number }[] }>(
        `/certificates/courses/${courseId}/rules`,
      ),
  });
}

export function useSaveCompletionRules(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: CompletionRules) =>
      api<{ rules: CompletionRules }>(`/certificates/courses/${courseId}/rules`, {
        method: 'PUT',
        body: rules,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: certificateKeys.rules(courseId) });
      // The wizard's Certificate step turns done once rules are saved.
      void client.invalidateQueries({ queryKey: COURSES_KEY });
    },
  });
}

export function useIssuedCertificates(courseId: string, search: string, page: number) {
  return useQuery({
    queryKey: certificateKeys.issued(courseId, search, page),
    queryFn: () =>
      api<IssuedPage>(`/certificates/courses/${courseId}/issued`, { query: { search, page: String(page) } }),
    placeholderData: (previous) => previous,
  });
}

export function useRevokeCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<CertificateSummary>(`/certificates/${id}/revoke`, { method: 'POST', body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

const scopeQuery = (courseId: string | null) => (courseId ? { courseId } : undefined);

export function useCertificateTemplate(courseId: string | null) {
  return useQuery({
    queryKey: certificateKeys.template(courseId),
    queryFn: () => api<TemplateAnswer>('/certificates/template', { query: scopeQuery(courseId) }),
  });
}

export function useSaveTemplate(courseId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (template: CertificateTemplate) =>
      api('/certificates/template', { method: 'PUT', body: template, query: scopeQuery(courseId) }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['certificates', 'template'] }),
  });
}

export function useRemoveTemplate(courseId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/certificates/template', { method: 'DELETE', query: scopeQuery(courseId) }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['certificates', 'template'] }),
  });
}

export function uploadTemplatePicture(courseId: string | null, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<{ path: string; url: string }>('/certificates/template/pictures', {
    method: 'POST',
    formData: form,
    query: scopeQuery(courseId),
  });
}

export function previewTemplate(courseId: string | null, template: CertificateTemplate) {
  return apiBlob('/certificates/template/preview', {
    method: 'POST',
    body: template,
    query: scopeQuery(courseId),
  });
}

export const certificatePdfPath = (id: string) => `/certificates/${id}/pdf`;
export const downloadCertificatePdf = (id: string) => apiBlob(certificatePdfPath(id));
