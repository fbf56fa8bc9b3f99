import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  AttachmentView,
  CannedReply,
  CannedReplyInput,
  DeskList,
  DeskReplyInput,
  DeskTicket,
  NewTicket,
  ReplyInput,
  SupportSettings,
  TicketDetail,
  TicketList,
  TicketUpdate,
} from '../../../common/contracts/support';
import { api, uploadWithProgress } from '../../app/api';
import { SUPPORT_KEY } from '../../app/query-keys';
import { onSocketEvent, SOCKET_CONNECTED } from '../../app/socket';
import { forgetUnread } from '../../app/unread-markers';

type Query = Record<string, string | number | undefined>;

export const supportKeys = {
  all: SUPPORT_KEY,
  mine: (query: Query) => [...SUPPORT_KEY, 'mine', query] as const,
  ticket: (id: string) => [...SUPPORT_KEY, 'ticket', id] as const,
  desk: (query: Query) => [...SUPPORT_KEY, 'desk', query] as const,
  deskTicket: (id: string) => [...SUPPORT_KEY, 'desk-ticket', id] as const,
  canned: [...SUPPORT_KEY, 'canned'] as const,
  settings: [...SUPPORT_KEY, 'settings'] as const,
};

export const PAGE_SIZE = 20;

// ——— The requester's side ———

export function useMyTickets(query: Query) {
  return useQuery({
    queryKey: supportKeys.mine(query),
    queryFn: () => api<TicketList>('/support/tickets', { query: { ...query, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useMyTicket(id: string) {
  return useQuery({
    queryKey: supportKeys.ticket(id),
    queryFn: () => api<TicketDetail>(`/support/tickets/${id}`),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticket: NewTicket) =>
      api<TicketDetail>('/support/tickets', { method: 'POST', body: ticket }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: ReplyInput) =>
      api<TicketDetail>(`/support/tickets/${id}/replies`, { method: 'POST', body: reply }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.ticket(id), ticket);
      void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'mine'] });
    },
  });
}

export function useRateTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) =>
      api<TicketDetail>(`/support/tickets/${id}/rating`, { method: 'POST', body: { rating } }),
    onSuccess: (ticket) => queryClient.setQueryData(supportKeys.ticket(id), ticket),
  });
}

/** Uploads one attachment with progress; it belongs to no message until one is sent with its id. */
export function uploadAttachment(file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<AttachmentView>('/support/attachments', form, onProgress);
}

export function discardAttachment(id: string) {
  return api(`/support/attachments/${id}`, { method: 'DELETE' });
}

/** SPEC newHelpIds: opening a ticket clears its marker. */
export const forgetNewHelp = (id: string) => forgetUnread('help', id);

/**
 * Keeps support queries current while a page is open: a reply (help-reply), a status change (help-update) or,
 * for admins, any ticket activity (support-ticket) refetches them, so a thread updates in place; so does the
 * socket's (re)connect, after which events sent while it was away are lost.
 */
export function useLiveSupport(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: supportKeys.all });
    const offs = ['help-reply', 'help-update', 'support-ticket', SOCKET_CONNECTED].map((event) =>
      onSocketEvent(event, refresh),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}

// ——— The admin's desk ———

export function useDesk(query: Query) {
  return useQuery({
    queryKey: supportKeys.desk(query),
    queryFn: () => api<DeskList>('/admin/support/tickets', { query: { ...query, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useDeskTicket(id: string) {
  return useQuery({
    queryKey: supportKeys.deskTicket(id),
    queryFn: () => api<DeskTicket>(`/admin/support/tickets/${id}`),
    enabled: Boolean(id),
    retry: false,
  });
}

/** A desk action on one ticket (reply, note, change); the answer is the ticket as it now is. */
export function useDeskAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action:
        | { kind: 'reply'; body: DeskReplyInput }
        | { kind: 'note'; body: { message: string } }
        | {
            kind: 'update';
            body: TicketUpdate;
          },
    ) =>
      action.kind === 'update'
        ? api<DeskTicket>(`/admin/support/tickets/${id}`, { method: 'PATCH', body: action.body })
        : api<DeskTicket>(`/admin/support/tickets/${id}/${action.kind === 'reply' ? 'replies' : 'notes'}`, {
            method: 'POST',
            body: action.body,
          }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.deskTicket(id), ticket);
      void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'desk'] });
      void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'summary'] });
    },
  });
}

export function useCannedReplies(enabled = true) {
  return useQuery({
    queryKey: supportKeys.canned,
    queryFn: async () => (await api<{ replies: CannedReply[] }>('/admin/support/canned-replies')).replies,
    enabled,
  });
}

export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CannedReplyInput }) =>
      api<CannedReply>(id ? `/admin/support/canned-replies/${id}` : '/admin/support/canned-replies', {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.canned }),
  });
}

export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/admin/support/canned-replies/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.canned }),
  });
}

export function useSupportSettings(enabled = true) {
  return useQuery({
    queryKey: supportKeys.settings,
    queryFn: () => api<SupportSettings>('/admin/support/settings'),
    enabled,
  });
}

export function useSaveSupportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SupportSettings) =>
      api<SupportSettings>('/admin/support/settings', { method: 'PUT', body: settings }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
