import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { XapiSettingsInput, XapiSettingsView, XapiTestAnswer } from '../../../common/contracts/xapi';
import { api } from '../../app/api';

/** The admin's Learning Record Store (common/contracts/xapi.ts, decision 078). */
const xapiSettingsKey = ['xapi-settings'] as const;

export function useXapiSettings(enabled: boolean) {
  return useQuery({
    queryKey: xapiSettingsKey,
    queryFn: () => api<XapiSettingsView>('/xapi-settings'),
    enabled,
  });
}

export function useSaveXapiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: XapiSettingsInput) =>
      api<XapiSettingsView>('/xapi-settings', { method: 'PUT', body: input }),
    onSuccess: (view) => queryClient.setQueryData(xapiSettingsKey, view),
  });
}

export function useRemoveXapiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/xapi-settings', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: xapiSettingsKey }),
  });
}

export function useSendTestStatement() {
  return useMutation({
    mutationFn: () => api<XapiTestAnswer>('/xapi-settings/test', { method: 'POST' }),
  });
}
