import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LtiPlatformInput,
  LtiPlatformView,
  LtiSettingsView,
  RosterOutcome,
} from '../../../common/contracts/lti';
import { api } from '../../app/api';

/** LTI 1.3 registrations (common/contracts/lti.ts): an institute's own LMSs, or the admin's platform-wide ones. */
const ltiKey = ['lti-platforms'] as const;

export function useLtiSettings(enabled: boolean) {
  return useQuery({ queryKey: ltiKey, queryFn: () => api<LtiSettingsView>('/lti/platforms'), enabled });
}

export function useSaveLtiPlatform(platformId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LtiPlatformInput) =>
      platformId
        ? api<LtiPlatformView>(`/lti/platforms/${platformId}`, { method: 'PUT', body: input })
        : api<LtiPlatformView>('/lti/platforms', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiKey }),
  });
}

export function useRemoveLtiPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platformId: string) => api<void>(`/lti/platforms/${platformId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiKey }),
  });
}

/** Adds an LMS course's learners as students (Names and Role Provisioning, decision 075). */
export function usePullRoster(platformId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contextId: string) =>
      api<RosterOutcome>(`/lti/platforms/${platformId}/contexts/${contextId}/roster`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ltiKey }),
  });
}
