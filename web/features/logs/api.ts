import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeveloperList, OutboxAnswer } from '../../../common/contracts/developers';
import { api } from '../../app/api';

export const outboxQuery = () =>
  queryOptions({
    queryKey: ['outbox'],
    queryFn: () => api<OutboxAnswer>('/logs/outbox'),
    refetchInterval: 10_000,
    // A 403 (access not granted yet) is an answer, not a hiccup to retry.
    retry: false,
  });

export const developersQuery = () =>
  queryOptions({ queryKey: ['admin-developers'], queryFn: () => api<DeveloperList>('/admin/developers') });

export const useDevelopers = () => useQuery(developersQuery());

/** Grants or revokes a developer's access to the outbox and logs (admin). */
export function useSetDeveloperAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, granted }: { userId: string; granted: boolean }) =>
      api<{ userId: string; accessGrantedAt: string | null }>(`/admin/developers/${userId}/access`, {
        method: 'PUT',
        body: { granted },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: developersQuery().queryKey }),
  });
}
