import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GalleryAvatarId } from '../../../common/avatar-gallery';
import type {
  AvatarInput,
  GuruDetail,
  GuruLimitState,
  GuruQuestionKind,
  GuruSummary,
  IntroductionInput,
  QuestionsInput,
  SourceCourseOption,
  SourcesInput,
  TrainingInfoInput,
  TrainingState,
} from '../../../common/contracts/gurus';
import type { GuruVoice } from '../../../common/gurus';
import { api, apiBlob } from '../../app/api';
import { t } from './i18n';

export const guruKeys = {
  all: ['gurus'] as const,
  list: ['gurus', 'list'] as const,
  one: (id: string) => ['gurus', 'one', id] as const,
  training: (id: string) => ['gurus', 'training', id] as const,
  sourceOptions: ['gurus', 'source-options'] as const,
};

export const gurusQuery = () =>
  queryOptions({
    queryKey: guruKeys.list,
    queryFn: () => api<{ gurus: GuruSummary[]; limit: GuruLimitState }>('/gurus'),
  });

export const guruQuery = (id: string) =>
  queryOptions({ queryKey: guruKeys.one(id), queryFn: () => api<GuruDetail>(`/gurus/${id}`) });

export function useGurus() {
  return useQuery(gurusQuery());
}

export function useGuru(id: string | null) {
  return useQuery({ ...guruQuery(id ?? ''), enabled: Boolean(id) });
}

export function useSourceOptions() {
  return useQuery({
    queryKey: guruKeys.sourceOptions,
    queryFn: () => api<{ courses: SourceCourseOption[] }>('/gurus/source-options'),
  });
}

/** Every saving call answers the fresh GuruDetail: put it in the cache and refresh the list. */
function useGuruMutation<V>(call: (variables: V) => Promise<GuruDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (guru) => {
      queryClient.setQueryData(guruKeys.one(guru.id), guru);
      void queryClient.invalidateQueries({ queryKey: guruKeys.list });
    },
  });
}

export function useSaveTrainingInfo() {
  return useGuruMutation(({ id, info }: { id: string | null; info: TrainingInfoInput }) =>
    id
      ? api<GuruDetail>(`/gurus/${id}/training-information`, { method: 'PUT', body: info })
      : api<GuruDetail>('/gurus', { method: 'POST', body: info }),
  );
}

export function useSaveSources(id: string) {
  return useGuruMutation((sources: SourcesInput) =>
    api<GuruDetail>(`/gurus/${id}/sources`, { method: 'PUT', body: sources }),
  );
}

export function useSaveAvatar(id: string) {
  return useGuruMutation((avatar: AvatarInput) =>
    api<GuruDetail>(`/gurus/${id}/avatar`, { method: 'PUT', body: avatar }),
  );
}

/** Wears a gallery avatar as the guru's picture (decision 061). */
export function useChooseGalleryAvatar(id: string) {
  return useGuruMutation((avatar: GalleryAvatarId) =>
    api<GuruDetail>(`/gurus/${id}/avatar-gallery`, { method: 'PUT', body: { avatar } }),
  );
}

export function useSaveIntroduction(id: string) {
  return useGuruMutation((input: IntroductionInput) =>
    api<GuruDetail>(`/gurus/${id}/introduction`, { method: 'PUT', body: input }),
  );
}

export function useSaveQuestions(id: string, kind: GuruQuestionKind) {
  return useGuruMutation((input: QuestionsInput) =>
    api<GuruDetail>(`/gurus/${id}/questions/${kind}`, { method: 'PUT', body: input }),
  );
}

export function useDeleteGuru() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/gurus/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guruKeys.all }),
  });
}

export function useTrainGuru(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<TrainingState>(`/gurus/${id}/train`, { method: 'POST' }),
    onSuccess: (state) => {
      queryClient.setQueryData(guruKeys.training(id), state);
      void queryClient.invalidateQueries({ queryKey: guruKeys.all });
    },
  });
}

/** The training state; polled while training runs (the socket event usually arrives first). */
export function useTrainingState(id: string, polling: boolean) {
  return useQuery({
    queryKey: guruKeys.training(id),
    queryFn: () => api<TrainingState>(`/gurus/${id}/training`),
    refetchInterval: polling ? 3000 : false,
  });
}

/** One spoken sentence as audio (POST /api/gurus/:id/speech answers audio, not JSON). */
export const fetchSpeech = (guruId: string, text: string, voice?: GuruVoice): Promise<Blob> =>
  apiBlob(`/gurus/${guruId}/speech`, {
    method: 'POST',
    body: { text, voice },
    failure: t('gurus.voice.sampleFailed'),
    handleUnavailable: false,
  });
