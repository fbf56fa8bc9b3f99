import { io, type Socket } from 'socket.io-client';

let socket: Socket | null = null;
type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

/**
 * One socket per logged-in tab, websocket only, reconnecting forever every 2–10 s (SPEC §7).
 * The uid query is kept for compatibility; the server trusts only the token.
 */
export function connectSocket(session: { jwtToken: string; userId: string; fullName: string }): Socket {
  if (socket && (socket.auth as { token?: string } | undefined)?.token === session.jwtToken) return socket;
  disconnectSocket();
  const next = io({
    path: '/socket.io',
    transports: ['websocket'],
    query: { uid: session.userId },
    auth: { token: session.jwtToken },
    reconnection: true,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    reconnectionDelay: 2000,
    reconnectionDelayMax: 10000,
  });
  next.on('connect', () => {
    next.emit('saveOnlineUser', { userId: session.userId, fullName: session.fullName, isAnonymous: false });
  });
  for (const [event, set] of listeners) for (const listener of set) next.on(event, listener);
  socket = next;
  return next;
}

export function disconnectSocket(): void {
  if (!socket) return;
  if (socket.connected) socket.emit('deleteOnlineUser');
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
}

/** Subscribes to a server event for as long as the returned function is not called. */
export function onSocketEvent(event: string, listener: Listener): () => void {
  const set = listeners.get(event) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(event, set);
  socket?.on(event, listener);
  return () => {
    set.delete(listener);
    socket?.off(event, listener);
  };
}

export function isSocketConnected(): boolean {
  return socket?.connected ?? false;
}
