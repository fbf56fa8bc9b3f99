import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuthorLessonNotes,
  LearnerLessonNotes,
  LessonNotesUpdate,
} from '../../../common/contracts/lesson-notes';
import { api } from '../../app/api';

export const lessonNotesKeys = {
  learner: (videoId: string) => ['lesson-notes', 'learner', videoId] as const,
  author: (videoId: string) => ['lesson-notes', 'author', videoId] as const,
};

/** A lesson's notes as its students see them (hidden lists are null). */
export function useLearnerNotes(videoId: string) {
  return useQuery({
    queryKey: lessonNotesKeys.learner(videoId),
    queryFn: () => api<LearnerLessonNotes>(`/lesson-notes/${videoId}`),
    refetchOnWindowFocus: false,
  });
}

/** A lesson's notes for its authors, loaded while `enabled` (the editor is open). */
export function useAuthorNotes(videoId: string, enabled: boolean) {
  return useQuery({
    queryKey: lessonNotesKeys.author(videoId),
    queryFn: () => api<AuthorLessonNotes>(`/lesson-notes/${videoId}/authoring`),
    enabled,
  });
}

export function useNotesMutations(videoId: string) {
  const queryClient = useQueryClient();
  const settle = (notes: AuthorLessonNotes) => {
    queryClient.setQueryData(lessonNotesKeys.author(videoId), notes);
    void queryClient.invalidateQueries({ queryKey: lessonNotesKeys.learner(videoId) });
  };
  return {
    save: useMutation({
      mutationFn: (body: LessonNotesUpdate) =>
        api<AuthorLessonNotes>(`/lesson-notes/${videoId}/authoring`, { method: 'PUT', body }),
      onSuccess: settle,
    }),
    regenerate: useMutation({
      mutationFn: () => api<AuthorLessonNotes>(`/lesson-notes/${videoId}/regenerate`, { method: 'POST' }),
      onSuccess: settle,
    }),
  };
}
