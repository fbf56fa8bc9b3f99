import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DeskSummary } from '../../common/contracts/support';
import { api } from './api';
import { SUPPORT_KEY } from './query-keys';
import { onSocketEvent } from './socket';

export const supportSummaryQuery = () =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'summary'],
    queryFn: () => api<DeskSummary>('/admin/support/summary'),
  });

/** Open tickets for the admin's Support item, kept current by the desk's live `support-ticket` event. */
export function useOpenTicketCount(enabled: boolean): number {
  const queryClient = useQueryClient();
  const query = useQuery({ ...supportSummaryQuery(), enabled });
  useEffect(() => {
    if (!enabled) return;
    return onSocketEvent('support-ticket', () => {
      void queryClient.invalidateQueries({ queryKey: supportSummaryQuery().queryKey });
    });
  }, [enabled, queryClient]);
  return query.data?.open ?? 0;
}
