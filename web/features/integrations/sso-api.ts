import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InstituteSsoInput,
  PlatformSsoInput,
  PlatformSsoKind,
  SsoProviderView,
  SsoSettingsView,
} from '../../../common/contracts/sso';
import { api } from '../../app/api';

/** Single sign-on's settings (common/contracts/sso.ts): the admin's Google and Microsoft, an institute's own issuer. */
const ssoSettingsKey = ['sso-settings'] as const;

export function useSsoSettings(enabled: boolean) {
  return useQuery({
    queryKey: ssoSettingsKey,
    queryFn: () => api<SsoSettingsView>('/sso-settings'),
    enabled,
  });
}

export function useSavePlatformSso(kind: PlatformSsoKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlatformSsoInput) =>
      api<SsoProviderView>(`/sso-settings/platform/${kind}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoSettingsKey }),
  });
}

export function useSaveInstituteSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InstituteSsoInput) =>
      api<SsoProviderView>('/sso-settings/institute', { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoSettingsKey }),
  });
}

export function useRemoveSso(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/sso-settings/${path}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoSettingsKey }),
  });
}
