import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LearnerCourse, SubscribedCourse } from '../../../common/contracts/learning';
import type { WatchRange } from '../../../common/watch-ranges';
import { api } from '../../app/api';

export const learningKeys = {
  all: ['learning'] as const,
  subscriptions: ['learning', 'subscriptions'] as const,
  course: (id: string) => ['learning', 'course', id] as const,
};

export function useSubscriptions() {
  return useQuery({
    queryKey: learningKeys.subscriptions,
    queryFn: async () => (await api<{ courses: SubscribedCourse[] }>('/learning/subscriptions')).courses,
  });
}

export function useLearnerCourse(id: string) {
  return useQuery({
    queryKey: learningKeys.course(id),
    queryFn: () => api<LearnerCourse>(`/learning/courses/${id}`),
    // Progress is saved as the video plays; a refetch must not restart the player.
    refetchOnWindowFocus: false,
  });
}

export interface ProgressInput {
  videoId: string;
  positionSeconds: number;
  /** The parts played since the lesson was opened; the server merges them with earlier ones. */
  watchedRanges: WatchRange[];
}

export function saveProgress({ videoId, ...body }: ProgressInput) {
  return api<{ videoId: string; positionSeconds: number; watchedSeconds: number; completed: boolean }>(
    `/learning/videos/${videoId}/progress`,
    { method: 'PUT', body },
  );
}

export function useRedeemShareToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<{ courseId: string }>(`/learning/share/${encodeURIComponent(token)}`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.all }),
  });
}
