import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api';
import { APPROVALS_KEY } from './query-keys';
import { onSocketEvent } from './socket';

/** The live update is applied after this delay (SPEC §9), letting the write settle everywhere. */
export const APPROVAL_UPDATE_DELAY_MS = 500;

export const approvalCountQuery = () =>
  queryOptions({
    queryKey: ['approval-counts'],
    queryFn: () => api<{ count: number }>('/teacher/course/approval-counts'),
  });

/** Pending-approval count for admins, kept current by updatedCourseApprovalData. */
export function useApprovalCount(enabled: boolean): number {
  const queryClient = useQueryClient();
  const query = useQuery({ ...approvalCountQuery(), enabled });
  useEffect(() => {
    if (!enabled) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const off = onSocketEvent('updatedCourseApprovalData', (payload) => {
      const count = (payload as { count?: unknown }).count;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (typeof count === 'number') queryClient.setQueryData(approvalCountQuery().queryKey, { count });
        else void queryClient.invalidateQueries({ queryKey: approvalCountQuery().queryKey });
        // The queue itself changed too: an open approvals list refreshes without a reload.
        void queryClient.invalidateQueries({ queryKey: APPROVALS_KEY });
      }, APPROVAL_UPDATE_DELAY_MS);
      timers.add(timer);
    });
    return () => {
      off();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [enabled, queryClient]);
  return query.data?.count ?? 0;
}
