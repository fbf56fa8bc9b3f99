import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { GuruDetail, TrainingState } from '../../../common/contracts/gurus';
import { onSocketEvent } from '../../app/socket';
import { guruKeys } from './api';

/**
 * Keeps the cached gurus in step with the live 'guru-training' events the server sends to the owner's
 * room: the training state, the guru's status and progress, and the list once training ends.
 */
export function useTrainingEvents() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSocketEvent('guru-training', (payload) => {
        const state = payload as TrainingState;
        if (!state?.guruId) return;
        queryClient.setQueryData(guruKeys.training(state.guruId), state);
        queryClient.setQueryData<GuruDetail>(guruKeys.one(state.guruId), (guru) =>
          guru
            ? {
                ...guru,
                status: state.status,
                trainingProgress: state.progress,
                trainingError: state.error,
                trainingFailedAt: state.failedAt,
                trainedAt: state.trainedAt,
              }
            : guru,
        );
        if (state.status !== 'training') void queryClient.invalidateQueries({ queryKey: guruKeys.all });
        else void queryClient.invalidateQueries({ queryKey: guruKeys.list });
      }),
    [queryClient],
  );
}
