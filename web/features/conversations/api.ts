import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConversationList,
  ConversationView,
  MessageView,
  SessionGuru,
} from '../../../common/contracts/gurus';
import { api } from '../../app/api';
import { forgetUnread } from '../../app/unread-markers';

export const conversationKeys = {
  all: ['conversations'] as const,
  list: (search: string, page: number) => ['conversations', 'list', search, page] as const,
  one: (id: string) => ['conversations', 'one', id] as const,
};

export const PAGE_SIZE = 20;

export function useConversationList(search: string, page: number) {
  return useQuery({
    queryKey: conversationKeys.list(search, page),
    queryFn: () =>
      api<ConversationList>('/conversations', {
        query: { search: search || undefined, page, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: conversationKeys.one(id),
    queryFn: () => api<ConversationView>(`/conversations/${id}`),
    enabled: Boolean(id),
  });
}

/** Appends a message to an open transcript (a reply sent here or one that arrived live). */
export function appendMessage(data: ConversationView | undefined, message: MessageView) {
  if (!data || data.messages.some((m) => m.id === message.id)) return data;
  return { ...data, messages: [...data.messages, message] };
}

export function useReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      api<MessageView>(`/conversations/${id}/replies`, { method: 'POST', body: { message } }),
    onSuccess: (message) => {
      queryClient.setQueryData(conversationKeys.one(id), (data: ConversationView | undefined) =>
        appendMessage(data, message),
      );
      void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] });
    },
  });
}

export function useCorrection(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, answer }: { messageId: string; answer: string }) =>
      api<MessageView>(`/conversations/${conversationId}/messages/${messageId}/correction`, {
        method: 'POST',
        body: { answer },
      }),
    onSuccess: (message) => {
      queryClient.setQueryData(conversationKeys.one(conversationId), (data: ConversationView | undefined) =>
        data
          ? {
              ...data,
              messages: data.messages.map((m) =>
                m.id === message.id ? { ...m, ...message, authorName: m.authorName } : m,
              ),
            }
          : data,
      );
    },
  });
}

/** Ready gurus of a course (the learner's "Ask the guru" button). */
export function useCourseGurus(courseId: string) {
  return useQuery({
    queryKey: ['gurus', 'for-course', courseId],
    queryFn: async () => (await api<{ gurus: SessionGuru[] }>(`/gurus/for-course/${courseId}`)).gurus,
    enabled: Boolean(courseId),
    retry: false,
  });
}

/** SPEC newChatIds: opening a conversation clears its new-message marker. */
export const forgetNewChat = (id: string) => forgetUnread('chat', id);
