import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedLibrary,
  GenerationState,
  LibraryDetail,
  LibraryList,
  LibrarySettingsInput,
  NarrationSampleInput,
  ReadyLibrary,
  SegmentsInput,
} from '../../../common/contracts/library';
import { api, apiBlob, uploadWithProgress } from '../../app/api';
import { toast } from '../../app/toast';
import { t } from './i18n';

/** Every path of common/contracts/library.ts, one fetcher or hook each. */
const base = '/course-libraries';

export const libraryKeys = {
  all: ['course-libraries'] as const,
  list: ['course-libraries', 'list'] as const,
  ready: ['course-libraries', 'ready'] as const,
  one: (id: string) => ['course-libraries', 'one', id] as const,
  generation: (id: string) => ['course-libraries', 'generation', id] as const,
};

export const librariesQuery = () =>
  queryOptions({ queryKey: libraryKeys.list, queryFn: () => api<LibraryList>(base) });

export const libraryQuery = (id: string) =>
  queryOptions({ queryKey: libraryKeys.one(id), queryFn: () => api<LibraryDetail>(`${base}/${id}`) });

export function useLibraries() {
  return useQuery(librariesQuery());
}

export function useLibrary(id: string | null) {
  // The wizard keeps its own edited copy; refetching on focus would only churn the cache under it.
  return useQuery({ ...libraryQuery(id ?? ''), enabled: Boolean(id), refetchOnWindowFocus: false });
}

/** Ready libraries for a course's videos step. */
export function useReadyLibraries() {
  return useQuery({
    queryKey: libraryKeys.ready,
    queryFn: () => api<{ libraries: ReadyLibrary[] }>(`${base}/ready`),
  });
}

/** The generation state; polled while generating in case a socket event is missed. */
export function useGenerationState(id: string | null, polling: boolean) {
  return useQuery({
    queryKey: libraryKeys.generation(id ?? ''),
    queryFn: () => api<GenerationState>(`${base}/${id}/generation`),
    enabled: Boolean(id),
    refetchInterval: polling ? 3000 : false,
  });
}

/** Uploads a deck (PDF or PPTX) as a new library, reporting the upload's progress. */
export function uploadDeck(title: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('title', title);
  form.append('file', file);
  return uploadWithProgress<CreatedLibrary>(base, form, onProgress);
}

/** The static avatar's picture. */
export function uploadAvatarImage(id: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<LibraryDetail>(`${base}/${id}/avatar-image`, form, onProgress);
}

export const saveSettings = (id: string, settings: LibrarySettingsInput) =>
  api<LibraryDetail>(`${base}/${id}`, { method: 'PUT', body: settings });

export const saveSegments = (id: string, input: SegmentsInput) =>
  api<LibraryDetail>(`${base}/${id}/segments`, { method: 'PUT', body: input });

/** A narration read aloud: the route answers audio. */
export const fetchNarrationSample = (id: string, input: NarrationSampleInput): Promise<Blob> =>
  apiBlob(`${base}/${id}/narration-sample`, {
    method: 'POST',
    body: input,
    failure: t('library.narration.failed'),
    handleUnavailable: false,
  });

/** Puts a fresh detail in the cache and refreshes the lists that show it. */
export function useStoreDetail() {
  const queryClient = useQueryClient();
  return (detail: LibraryDetail) => {
    queryClient.setQueryData(libraryKeys.one(detail.id), detail);
    void queryClient.invalidateQueries({ queryKey: libraryKeys.list });
  };
}

export function useDeleteLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${base}/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: libraryKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: libraryKeys.list });
    },
  });
}

/** Applies a generation state to the cached detail (status, progress, each segment's status). */
export function withGeneration(detail: LibraryDetail, state: GenerationState): LibraryDetail {
  const statuses = new Map(state.segments.map((segment) => [segment.id, segment.status]));
  return {
    ...detail,
    status: state.status,
    progress: state.progress,
    stage: state.stage,
    error: state.error,
    segments: detail.segments.map((segment) => ({
      ...segment,
      status: statuses.get(segment.id) ?? segment.status,
    })),
  };
}

function useGenerationMutation(id: string, path: 'generate' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<GenerationState>(`${base}/${id}/${path}`, { method: 'POST' }),
    onSuccess: (state) => {
      queryClient.setQueryData(libraryKeys.generation(id), state);
      queryClient.setQueryData<LibraryDetail>(libraryKeys.one(id), (detail) =>
        detail ? withGeneration(detail, state) : detail,
      );
      void queryClient.invalidateQueries({ queryKey: libraryKeys.list });
    },
  });
}

export function useGenerateLibrary(id: string) {
  const mutation = useGenerationMutation(id, 'generate');
  return {
    ...mutation,
    generate: () =>
      mutation.mutateAsync().then(
        (state) => {
          toast('info', t('libraryMsg.generating'));
          return state;
        },
        (error: unknown) => {
          // The server's refusal (voice, static image, D-ID key or credits, slide limit) as it wrote it.
          toast('danger', error instanceof Error ? error.message : t('library.generation.couldNotStart'));
          return null;
        },
      ),
  };
}

export function useCancelGeneration(id: string) {
  return useGenerationMutation(id, 'cancel');
}
