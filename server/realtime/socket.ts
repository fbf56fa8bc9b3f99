import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { LOGS_TAIL_EVENTS } from '../../common/contracts/logs';
import type { Db } from '../db/client';
import { type Actor, resolveActor } from '../http/actor';
import type { Logger } from '../http/logger';
import { canReadLogs } from '../http/policies';
import { tokenFromAuthorization } from '../http/tokens';
import { Presence } from './presence';

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  admins: 'admins',
  /** Sockets of people who may read logs (admins, granted developers): only they may join the tail. */
  logs: 'logs',
  /** Readers who switched the live tail on at /logs: `logs:tail` batches go here. */
  logsTail: 'logs:tail',
};

export interface Realtime {
  /** null in a worker process, which has no sockets and relays its events to the web processes (relay.ts). */
  io: Server | null;
  presence: Presence;
  /** Emits an event to a room after the write that caused it has committed. */
  notify(room: string, event: string, payload: unknown): void;
  /** Drops the sockets of revoked sessions: one session, or every session of a user but one. */
  disconnectSessions(match: { sessionId: string } | { userId: string; exceptSessionId?: string }): void;
  /** A developer's access was granted or revoked: their open sockets enter or leave the logs rooms now. */
  setLogsAccess(userId: string, allowed: boolean): void;
  /** Whether any socket (on any server, with an adapter) is in the room: skip work nobody would receive. */
  hasMembers(room: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * socket.io on the app's HTTP server, websocket only. The handshake must carry the session JWT
 * (auth.token or the Authorization header): the `uid` query the spec's client sends proves nothing.
 */
export function attachRealtime(server: HttpServer, db: Db, secret: string, log: Logger): Realtime {
  const io = new Server(server, {
    path: '/socket.io',
    transports: ['websocket'],
    pingInterval: 60_000,
    pingTimeout: 180_000,
    serveClient: false,
  });
  const presence = new Presence();

  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown };
    const token =
      (typeof auth.token === 'string' ? auth.token : null) ??
      tokenFromAuthorization(socket.handshake.headers.authorization);
    const actor = await resolveActor(db, token, secret).catch(() => null);
    if (!actor) return next(new Error('Unauthorized'));
    socket.data.actor = actor;
    next();
  });

  io.on('connection', (socket) => {
    const actor = socket.data.actor as Actor;
    socket.join(rooms.user(actor.userId));
    if (actor.userType === 'admin') socket.join(rooms.admins);
    if (canReadLogs(actor)) socket.join(rooms.logs);
    // The tail is opt-in (a reader's other pages do not receive every request); being in `logs` is the right.
    socket.on(LOGS_TAIL_EVENTS.toggle, (payload: unknown) => {
      const on = (payload as { on?: unknown } | null)?.on === true;
      if (on && socket.rooms.has(rooms.logs)) socket.join(rooms.logsTail);
      else socket.leave(rooms.logsTail);
    });

    socket.on('saveOnlineUser', () => {
      // The claimed userId in the payload is ignored: presence is the authenticated user.
      presence.add(actor.userId, socket.id, actor.fullName);
      io.to(rooms.admins).emit('onlineUsers', { count: presence.count() });
    });
    const leave = () => {
      if (presence.remove(actor.userId, socket.id))
        io.to(rooms.admins).emit('onlineUsers', { count: presence.count() });
    };
    socket.on('deleteOnlineUser', leave);
    socket.on('disconnect', leave);
  });

  return {
    io,
    presence,
    notify(room, event, payload) {
      log.debug({ room, event }, 'notify');
      io.to(room).emit(event, payload);
    },
    disconnectSessions(match) {
      for (const socket of io.sockets.sockets.values()) {
        const actor = socket.data.actor as { userId: string; sessionId: string } | undefined;
        if (!actor) continue;
        const hit =
          'sessionId' in match
            ? actor.sessionId === match.sessionId
            : actor.userId === match.userId && actor.sessionId !== match.exceptSessionId;
        if (hit) socket.disconnect(true);
      }
    },
    setLogsAccess(userId, allowed) {
      if (allowed) io.in(rooms.user(userId)).socketsJoin(rooms.logs);
      else io.in(rooms.user(userId)).socketsLeave([rooms.logs, rooms.logsTail]);
    },
    async hasMembers(room) {
      return (await io.in(room).fetchSockets()).length > 0;
    },
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
