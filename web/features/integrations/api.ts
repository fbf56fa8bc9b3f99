import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IntegrationInput, IntegrationView } from '../../../common/contracts/gurus';
import type { IntegrationKeyName } from '../../../common/gurus';
import { api } from '../../app/api';

/** The calls of /integrations (common/contracts/gurus.ts): the caller's own keys, only ever masked. */
const integrationsKey = ['integrations'] as const;

export function useIntegrations() {
  return useQuery({
    queryKey: integrationsKey,
    queryFn: () => api<{ integrations: IntegrationView[] }>('/integrations'),
    select: (answer) => answer.integrations,
  });
}

export function useSaveIntegration(keyName: IntegrationKeyName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IntegrationInput) =>
      api<IntegrationView>(`/integrations/${keyName}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsKey }),
  });
}

export function useRemoveIntegration(keyName: IntegrationKeyName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/integrations/${keyName}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsKey }),
  });
}
