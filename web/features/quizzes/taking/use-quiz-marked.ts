import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QuizMarkedEvent } from '../../../../common/contracts/quizzes';
import { onSocketEvent } from '../../../app/socket';
import { toast } from '../../../app/toast';
import { t } from '../i18n';
import { takingKeys } from './api';

/** While an attempt waits for marking, the teacher's marks arrive live ('quizMarked') and the result refreshes. */
export function useQuizMarked(attemptId: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return onSocketEvent('quizMarked', (payload) => {
      const event = payload as QuizMarkedEvent;
      if (event.attemptId !== attemptId) return;
      void queryClient.invalidateQueries({ queryKey: takingKeys.attempt(attemptId) });
      void queryClient.invalidateQueries({ queryKey: takingKeys.quiz(event.quizId) });
      void queryClient.invalidateQueries({ queryKey: takingKeys.courseQuizzes(event.courseId) });
      toast('success', t('quizzes.attempt.marked'));
    });
  }, [attemptId, enabled, queryClient]);
}
