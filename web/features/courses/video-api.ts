import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CourseVideo, VideoKind, VideoProcessingEvent } from '../../../common/contracts/course-content';
import { api, uploadWithProgress } from '../../app/api';
import { onSocketEvent } from '../../app/socket';
import { courseKeys } from './api';

export const videosQuery = (courseId: string, kind: VideoKind) =>
  queryOptions({
    queryKey: ['courses', 'videos', courseId, kind],
    queryFn: () => api<{ videos: CourseVideo[] }>(`/courses/${courseId}/videos`, { query: { kind } }),
  });

/** The course's videos of one kind, with packaging progress applied live from the socket. */
export function useCourseVideos(courseId: string, kind: VideoKind) {
  const queryClient = useQueryClient();
  const query = useQuery(videosQuery(courseId, kind));
  useEffect(
    () =>
      onSocketEvent('videoProcessing', (payload) => {
        const event = payload as VideoProcessingEvent;
        if (event.courseId !== courseId) return;
        const key = videosQuery(courseId, kind).queryKey;
        queryClient.setQueryData(key, (old) =>
          old
            ? {
                videos: old.videos.map((video) =>
                  video.id === event.videoId
                    ? { ...video, status: event.status, progress: event.progress, error: event.error ?? null }
                    : video,
                ),
              }
            : old,
        );
        if (event.status !== 'processing') {
          void queryClient.invalidateQueries({ queryKey: key });
          void queryClient.invalidateQueries({ queryKey: courseKeys.one(courseId) });
        }
      }),
    [courseId, kind, queryClient],
  );
  return query;
}

export function uploadVideo(
  courseId: string,
  kind: VideoKind,
  file: File,
  onProgress: (percent: number) => void,
) {
  const form = new FormData();
  form.append('file', file);
  const title = file.name.replace(/\.[^.]+$/, '').slice(0, 150);
  return uploadWithProgress<CourseVideo>(
    `/courses/${courseId}/videos?kind=${kind}&title=${encodeURIComponent(title)}`,
    form,
    onProgress,
  );
}

export function useVideoMutations(courseId: string, kind: VideoKind) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: videosQuery(courseId, kind).queryKey });
    void queryClient.invalidateQueries({ queryKey: courseKeys.one(courseId) });
  };
  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: string; title?: string; position?: number }) =>
      api<CourseVideo>(`/courses/${courseId}/videos/${id}`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`/courses/${courseId}/videos/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const retry = useMutation({
    mutationFn: (id: string) =>
      api<CourseVideo>(`/courses/${courseId}/videos/${id}/retry`, { method: 'POST' }),
    onSuccess: refresh,
  });
  const setCaptions = useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const formData = new FormData();
      formData.append('file', file);
      return api<CourseVideo>(`/courses/${courseId}/videos/${id}/captions`, { method: 'PUT', formData });
    },
    onSuccess: refresh,
  });
  const removeCaptions = useMutation({
    mutationFn: (id: string) =>
      api<CourseVideo>(`/courses/${courseId}/videos/${id}/captions`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { update, remove, retry, setCaptions, removeCaptions, refresh };
}
