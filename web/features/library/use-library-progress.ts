import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { GenerationState, LibraryDetail, LibraryList } from '../../../common/contracts/library';
import { onSocketEvent } from '../../app/socket';
import { toast } from '../../app/toast';
import { libraryKeys, useGenerationState, withGeneration } from './api';
import { t } from './i18n';

/**
 * Keeps the cached libraries in step with the live 'library-progress' events sent to the owner's room
 * (list and open detail). With a libraryId (the wizard), it also announces the generation's milestones:
 * 'Video is saving' when the stage becomes saving, success when it ends ready, the reason when it fails.
 * 'Video is generating' is shown by the Generate button once the server accepted (useGenerateLibrary).
 */
export function useLibraryProgress(libraryId?: string | null, generating = false) {
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onSocketEvent('library-progress', (payload) => {
        const state = payload as GenerationState;
        if (!state?.libraryId) return;
        queryClient.setQueryData(libraryKeys.generation(state.libraryId), state);
        queryClient.setQueryData<LibraryDetail>(libraryKeys.one(state.libraryId), (detail) =>
          detail ? withGeneration(detail, state) : detail,
        );
        queryClient.setQueryData<LibraryList>(libraryKeys.list, (list) =>
          list
            ? {
                ...list,
                libraries: list.libraries.map((library) =>
                  library.id === state.libraryId
                    ? {
                        ...library,
                        status: state.status,
                        progress: state.progress,
                        stage: state.stage,
                        error: state.error,
                      }
                    : library,
                ),
              }
            : list,
        );
      }),
    [queryClient],
  );

  const generation = useGenerationState(libraryId ?? null, generating);
  const state = generation.data;
  const previous = useRef<GenerationState | null>(null);

  useEffect(() => {
    if (!state || !libraryId || state.libraryId !== libraryId) return;
    const before = previous.current;
    previous.current = state;
    // The polled answer may carry statuses newer than the cached detail: apply it there too.
    queryClient.setQueryData<LibraryDetail>(libraryKeys.one(libraryId), (cached) =>
      cached ? withGeneration(cached, state) : cached,
    );
    if (!before || before.libraryId !== libraryId) return;
    if (state.status === 'generating' && state.stage === 'saving' && before.stage !== 'saving') {
      toast('info', t('libraryMsg.saving'));
    }
    if (before.status === 'generating' && state.status !== 'generating') {
      if (state.status === 'ready') toast('success', t('libraryMsg.generated'));
      if (state.status === 'failed') toast('danger', state.error ?? t('library.generation.failedToast'));
      // The finished video's links (playlist, captions, download) and the durations come with the detail.
      void queryClient.invalidateQueries({ queryKey: libraryKeys.one(libraryId) });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.list });
    }
  }, [state, libraryId, queryClient]);

  return generation;
}
