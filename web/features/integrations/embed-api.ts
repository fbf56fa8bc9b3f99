import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmbedSettings,
  EmbedSiteInput,
  EmbedSiteView,
  EmbedSnippet,
} from '../../../common/contracts/embed';
import { api } from '../../app/api';

/** The calls of the "Your website" section of /integrations (common/contracts/embed.ts). */
const embedKey = ['integrations', 'embed'] as const;

export function useEmbedSettings() {
  return useQuery({ queryKey: embedKey, queryFn: () => api<EmbedSettings>('/embed/site') });
}

export function useSaveEmbedSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmbedSiteInput) => api<EmbedSiteView>('/embed/site', { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: embedKey }),
  });
}

export function useRemoveEmbedSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/embed/site', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: embedKey }),
  });
}

export function useEmbedSnippet() {
  return useMutation({
    mutationFn: (guruId: string) => api<EmbedSnippet>(`/embed/gurus/${guruId}/snippet`),
  });
}
