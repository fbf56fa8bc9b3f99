import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { can } from '../../../common/capabilities';
import type { UserType } from '../../../common/roles';
import { onSocketEvent, SOCKET_CONNECTED } from '../socket';
import { toast } from '../toast';
import { type MarkerKind, rememberUnread, syncUnreadMarkers } from '../unread-markers';

interface ReplyEvent {
  userId: string;
  conversationId?: string;
  ticketId?: string;
  message: string;
  user?: { firstName?: string; lastName?: string };
}

function playMessageSound(): void {
  // Browsers may refuse to play before the user interacts; that is fine (SPEC §8: failures are ignored).
  void new Audio('/audios/message.mp3').play().catch(() => undefined);
}

/**
 * new-reply and help-reply from someone else play a sound and show a toast, and mark the conversation or
 * ticket as new (newChatIds / newHelpIds) unless it is the one open (SPEC §4).
 */
export function useMessageIndicators(userId: string | undefined, userType: UserType | undefined): void {
  const location = useLocation();
  // After a login or reload the markers come from the server too: a reply may have come while no tab was open.
  // Again whenever the socket (re)connects: a reply sent between the page's load and the socket's connect, or
  // while it was down, reached no listener (CI caught the Help dot missing a reply posted in that moment).
  useEffect(() => {
    if (!userId || !userType) return;
    const sync = () => {
      if (can(userType, 'converse')) syncUnreadMarkers('chat').catch(() => undefined);
      // SPEC §5: admins have no Help dot.
      if (userType !== 'admin' && can(userType, 'get-help')) syncUnreadMarkers('help').catch(() => undefined);
    };
    sync();
    return onSocketEvent(SOCKET_CONNECTED, sync);
  }, [userId, userType]);
  const query = new URLSearchParams(location.search);
  // /view-conversation names its conversation ?conversationId=…; tickets use ?id=….
  const openId = query.get('conversationId') ?? query.get('id');
  useEffect(() => {
    if (!userId) return;
    const handle =
      (kind: MarkerKind, idOf: (event: ReplyEvent) => string | undefined) => (payload: unknown) => {
        const event = payload as ReplyEvent;
        const id = idOf(event);
        if (!id || event.userId === userId) return;
        // The open conversation or ticket updates in place; the sound and toast still say a reply came.
        if (id !== openId) rememberUnread(kind, id);
        playMessageSound();
        const from = [event.user?.firstName, event.user?.lastName].filter(Boolean).join(' ');
        toast('info', from ? `${from}: ${event.message}` : event.message);
      };
    const offChat = onSocketEvent(
      'new-reply',
      handle('chat', (event) => event.conversationId),
    );
    const offHelp = onSocketEvent(
      'help-reply',
      handle('help', (event) => event.ticketId),
    );
    return () => {
      offChat();
      offHelp();
    };
  }, [userId, openId]);
}
