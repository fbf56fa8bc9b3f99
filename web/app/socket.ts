import type { Socket } from 'socket.io-client';

let socket: Socket | null = null;
/** The token of the socket being opened or open; bumped `generation` cancels an open still loading. */
let currentToken: string | null = null;
let generation = 0;
type Listener = (payload: unknown) => void;
/** Not a server event: the server ended this socket (see connectSocket). */
export const SERVER_DISCONNECT = 'server-disconnect';
/**
 * Not a server event: this tab's socket has (re)connected. Events sent while it was not connected are lost, so a
 * page kept current by live events refetches then (a reply posted between the page's load and the socket's connect).
 */
export const SOCKET_CONNECTED = 'socket-connected';
const listeners = new Map<string, Set<Listener>>();
/** Events re-sent on every (re)connect: a choice the server keeps per socket (a room), which a reconnect loses. */
const sticky = new Map<string, unknown>();

/**
 * One socket per logged-in tab, websocket only, reconnecting forever every 2–10 s (SPEC §7).
 * The uid query is kept for compatibility; the server trusts only the token.
 * The socket.io client is loaded on first use, so public pages (no session) never download it; a failed
 * load is left unhandled on purpose: the chunk-reload handler (reloads.ts) reloads the page once.
 */
export function connectSocket(session: { jwtToken: string; userId: string; fullName: string }): void {
  if (currentToken === session.jwtToken) return;
  disconnectSocket();
  currentToken = session.jwtToken;
  const mine = generation;
  void import('socket.io-client').then(({ io }) => {
    if (mine !== generation) return; // disconnected or replaced while the client was loading
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
      for (const [event, payload] of sticky) next.emit(event, payload);
      for (const listener of listeners.get(SOCKET_CONNECTED) ?? []) listener(undefined);
    });
    // The server drops a session's sockets when it is revoked (logout elsewhere, a deactivated account):
    // socket.io does not reconnect then, so the tab is told and checks its session at once.
    next.on('disconnect', (reason) => {
      if (reason !== 'io server disconnect') return;
      for (const listener of listeners.get(SERVER_DISCONNECT) ?? []) listener(reason);
    });
    for (const [event, set] of listeners) for (const listener of set) next.on(event, listener);
    socket = next;
  });
}

export function disconnectSocket(): void {
  generation += 1;
  currentToken = null;
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

/**
 * Sends `payload` now (if connected) and after every reconnect, until the returned function is called, which sends
 * `stopPayload` once: for something the server remembers per socket, such as the live tail of the logs.
 */
export function emitWhileConnected(event: string, payload: unknown, stopPayload: unknown): () => void {
  sticky.set(event, payload);
  if (socket?.connected) socket.emit(event, payload);
  return () => {
    sticky.delete(event);
    if (socket?.connected) socket.emit(event, stopPayload);
  };
}

export function isSocketConnected(): boolean {
  return socket?.connected ?? false;
}
