import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Dashboard,
  ImportReport,
  Invite,
  InviteInput,
  PeopleList,
  PersonDetail,
  SeatUse,
} from '../../../common/contracts/people';
import { api } from '../../app/api';
import { withLocalDays } from '../reports';

type Query = Record<string, string | number | undefined>;

export const peopleKeys = {
  all: ['people'] as const,
  list: (scope: 'admin' | 'institute', query: Query) => ['people', scope, 'list', query] as const,
  person: (id: string) => ['people', 'admin', 'person', id] as const,
  invites: ['people', 'institute', 'invites'] as const,
  courses: ['people', 'institute', 'courses'] as const,
  dashboard: (query: Query) => ['people', 'dashboard', query] as const,
};

export function useAdminPeople(query: Query) {
  return useQuery({
    queryKey: peopleKeys.list('admin', query),
    queryFn: () => api<PeopleList>('/admin/people', { query: withLocalDays(query) }),
    placeholderData: keepPreviousData,
  });
}

export function usePerson(userId: string) {
  return useQuery({
    queryKey: peopleKeys.person(userId),
    queryFn: () => api<PersonDetail>(`/admin/people/${userId}`),
    enabled: Boolean(userId),
  });
}

export type AdminAction =
  | 'deactivate'
  | 'reactivate'
  | 'password-reset'
  | 'extend-trial'
  | 'grant-plan'
  | 'erase';

/** One admin action on an account; every people query is refreshed after it. */
export function useAdminAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: AdminAction; body?: unknown }) =>
      api(`/admin/people/${userId}/${action}`, { method: 'POST', body: body ?? {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

export function useDashboard(query: Query) {
  return useQuery({
    queryKey: peopleKeys.dashboard(query),
    queryFn: () => api<Dashboard>('/admin/dashboard', { query: withLocalDays(query) }),
    placeholderData: keepPreviousData,
    // Figures move slowly; online-now is pushed live (see dashboard-page.tsx).
    refetchInterval: 60_000,
  });
}

export function useInstitutePeople(query: Query) {
  return useQuery({
    queryKey: peopleKeys.list('institute', query),
    queryFn: () => api<PeopleList>('/institute/people', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useInvites(role: string) {
  return useQuery({
    queryKey: [...peopleKeys.invites, role],
    queryFn: () => api<{ invites: Invite[]; seats: SeatUse }>('/institute/invites', { query: { role } }),
  });
}

export function useInstituteCourses(enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.courses,
    queryFn: () => api<{ courses: { id: string; title: string }[] }>('/institute/courses'),
    enabled,
  });
}

/** Institute changes (invite, import, remove, enrol) refresh its lists and invitations. */
function useInstituteMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['people', 'institute'] }),
  });
}

export const useInvite = () =>
  useInstituteMutation((input: InviteInput) =>
    api<Invite>('/institute/invites', { method: 'POST', body: input }),
  );
export const useRevokeInvite = () =>
  useInstituteMutation((inviteId: string) => api(`/institute/invites/${inviteId}`, { method: 'DELETE' }));
export const useRemoveMember = () =>
  useInstituteMutation((userId: string) => api(`/institute/people/${userId}`, { method: 'DELETE' }));
export const useEnrol = () =>
  useInstituteMutation(({ userId, courseId }: { userId: string; courseId: string }) =>
    api<{ enrolled: boolean }>(`/institute/people/${userId}/enrolments`, {
      method: 'POST',
      body: { courseId },
    }),
  );
export const useImport = () =>
  useInstituteMutation(({ file, role }: { file: File; role: string }) => {
    const formData = new FormData();
    formData.append('file', file);
    return api<ImportReport>('/institute/invites/import', { method: 'POST', formData, query: { role } });
  });
