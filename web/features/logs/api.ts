import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { DeveloperList, OutboxAnswer } from '../../../common/contracts/developers';
import type {
  AppLogList,
  AppLogQuery,
  ErrorGroupDetail,
  ErrorGroupList,
  ErrorGroupQuery,
  JobFailureList,
  JobFailureQuery,
  LogStoreStatus,
  RequestLogDetail,
  RequestLogList,
  RequestLogQuery,
} from '../../../common/contracts/logs';
import { api } from '../../app/api';

type Query = Record<string, string | number | undefined>;

const logsKeys = {
  all: ['logs'] as const,
  status: () => [...logsKeys.all, 'status'] as const,
  requests: (query: Query) => [...logsKeys.all, 'requests', query] as const,
  request: (requestId: string) => [...logsKeys.all, 'request', requestId] as const,
  app: (query: Query) => [...logsKeys.all, 'app', query] as const,
  errors: (query: Query) => [...logsKeys.all, 'errors', query] as const,
  error: (fingerprint: string) => [...logsKeys.all, 'error', fingerprint] as const,
  jobs: (query: Query) => [...logsKeys.all, 'jobs', query] as const,
};

// A 403 (access not granted yet) is an answer, not a hiccup to retry.
const noRetryOn4xx = (count: number, error: Error & { status?: number }) =>
  !(error.status && error.status < 500) && count < 2;

export const outboxQuery = () =>
  queryOptions({
    queryKey: ['outbox'],
    queryFn: () => api<OutboxAnswer>('/logs/outbox'),
    refetchInterval: 10_000,
    retry: false,
  });

export const useLogStatus = () =>
  useQuery({
    queryKey: logsKeys.status(),
    queryFn: () => api<LogStoreStatus>('/logs/status'),
    refetchInterval: 15_000,
    retry: false,
  });

/** Newest first; "Load older" asks for the rows before the last one shown (requests and server log lines). */
function useOlderPages<Page extends { nextBefore: number | null }>(
  queryKey: readonly unknown[],
  path: string,
  query: Query,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => api<Page>(path, { query: { ...query, before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    placeholderData: keepPreviousData,
    // New rows appear without a reload (the live tail shows them at once); every loaded page is read again.
    refetchInterval: 15_000,
    retry: noRetryOn4xx,
  });
}

/** Reads every list of the logs again (after the live tail is switched off). */
export function useRefreshLogs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: logsKeys.all });
}

export const useRequestLogs = (query: Omit<RequestLogQuery, 'before'>) =>
  useOlderPages<RequestLogList>(logsKeys.requests(query as Query), '/logs/requests', query as Query);

export function useRequestDetail(requestId: string | null) {
  return useQuery({
    queryKey: logsKeys.request(requestId ?? ''),
    queryFn: () => api<RequestLogDetail>(`/logs/requests/${encodeURIComponent(requestId ?? '')}`),
    enabled: Boolean(requestId),
    retry: false,
  });
}

export const useAppLogs = (query: Omit<AppLogQuery, 'before'>) =>
  useOlderPages<AppLogList>(logsKeys.app(query as Query), '/logs/app', query as Query);

/** Error groups and job failures: one page, refreshed every 30 s. */
function useRefreshedList<List>(queryKey: readonly unknown[], path: string, query: Query) {
  return useQuery({
    queryKey,
    queryFn: () => api<List>(path, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    retry: noRetryOn4xx,
  });
}

export const useErrorGroups = (query: ErrorGroupQuery) =>
  useRefreshedList<ErrorGroupList>(logsKeys.errors(query as Query), '/logs/errors', query as Query);

export function useErrorGroup(fingerprint: string | null) {
  return useQuery({
    queryKey: logsKeys.error(fingerprint ?? ''),
    queryFn: () => api<ErrorGroupDetail>(`/logs/errors/${fingerprint}`),
    enabled: Boolean(fingerprint),
    retry: false,
  });
}

export const useJobFailures = (query: JobFailureQuery) =>
  useRefreshedList<JobFailureList>(logsKeys.jobs(query as Query), '/logs/jobs', query as Query);

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
