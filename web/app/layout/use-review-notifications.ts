import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { t } from '../i18n';
import { COURSES_KEY } from '../query-keys';
import { onSocketEvent } from '../socket';
import { toast } from '../toast';

interface ReviewedEvent {
  courseId: string;
  title: string;
  status: string;
  comment: string | null;
}

/** Tells an author, wherever they are, that an admin approved or rejected their course. */
export function useReviewNotifications(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return onSocketEvent('courseReviewed', (payload) => {
      const event = payload as ReviewedEvent;
      void queryClient.invalidateQueries({ queryKey: COURSES_KEY });
      if (event.status === 'APPROVED') toast('success', t('shell.courseApproved', { title: event.title }));
      else if (event.comment)
        toast('warning', t('shell.courseRejectedBecause', { title: event.title, comment: event.comment }));
      else toast('warning', t('shell.courseRejected', { title: event.title }));
    });
  }, [enabled, queryClient]);
}
