import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Db } from '../db/client';
import { resolveActor } from '../http/actor';
import type { Logger } from '../http/logger';
import { tokenFromAuthorization } from '../http/tokens';
import { Presence } from './presence';

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  admins: 'admins',
};

export interface Realtime {
  io: Server;
  presence: Presence;
  /** Emits an event to a room after the write that caused it has committed. */
  notify(room: string, event: string, payload: unknown): void;
  /** Drops the sockets of revoked sessions: one session, or every session of a user but one. */
  disconnectSessions(match: { sessionId: string } | { userId: string; exceptSessionId?: string }): void;
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
    const actor = socket.data.actor as { userId: string; userType: string; fullName: string };
    socket.join(rooms.user(actor.userId));
    if (actor.userType === 'admin') socket.join(rooms.admins);

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
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
