import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { LOGS_TAIL_EVENTS } from '../../common/contracts/logs';
import type { Db } from '../db/client';
import { type Actor, resolveActor } from '../http/actor';
import type { Logger } from '../http/logger';
import { canReadLogs } from '../http/policies';
import { tokenFromAuthorization } from '../http/tokens';
import { localPresence, type Presence, redisPresence } from './presence';

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  /** One login's sockets, so a revoked session's sockets are found on every instance. */
  session: (sessionId: string) => `session:${sessionId}`,
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

/** Redis connections for several app instances (decision 036): one for commands, one subscribed. */
export interface RealtimeRedis {
  commands: Redis;
  pub: Redis;
  sub: Redis;
  instanceId: string;
}

/** What a relayed event does on this instance's own sockets only (relay.ts): never broadcast again. */
export type LocalRealtime = Pick<Realtime, 'notify' | 'disconnectSessions' | 'setLogsAccess'>;

/**
 * socket.io on the app's HTTP server, websocket only. The handshake must carry the session JWT
 * (auth.token or the Authorization header): the `uid` query the spec's client sends proves nothing. With Redis,
 * rooms span every instance (the socket.io Redis adapter) and presence is shared.
 */
export function attachRealtime(
  server: HttpServer,
  db: Db,
  secret: string,
  log: Logger,
  redis?: RealtimeRedis,
): Realtime & { local: LocalRealtime } {
  const io = new Server(server, {
    path: '/socket.io',
    transports: ['websocket'],
    pingInterval: 60_000,
    pingTimeout: 180_000,
    serveClient: false,
  });
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub));
  const presence: Presence = redis ? redisPresence(redis.commands, redis.instanceId, log) : localPresence();
  const announceOnline = () => {
    presence
      .count()
      .then((count) => io.to(rooms.admins).emit('onlineUsers', { count }))
      .catch(() => {});
  };

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
    socket.join([rooms.user(actor.userId), rooms.session(actor.sessionId)]);
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
      presence.add(actor.userId, socket.id);
      announceOnline();
    });
    const leave = () => {
      if (presence.remove(actor.userId, socket.id)) announceOnline();
    };
    socket.on('deleteOnlineUser', leave);
    socket.on('disconnect', leave);
  });

  // `everywhere` reaches the sockets of every instance (through the adapter when there is one); `here` only this
  // instance's, for events another process has already sent to every instance.
  const actOn = (scope: 'all' | 'local'): LocalRealtime => {
    const base = scope === 'local' ? io.local : io;
    return {
      notify(room, event, payload) {
        log.debug({ room, event }, 'notify');
        base.to(room).emit(event, payload);
      },
      disconnectSessions(match) {
        if ('sessionId' in match) base.in(rooms.session(match.sessionId)).disconnectSockets(true);
        else {
          const target = base.in(rooms.user(match.userId));
          (match.exceptSessionId
            ? target.except(rooms.session(match.exceptSessionId))
            : target
          ).disconnectSockets(true);
        }
      },
      setLogsAccess(userId, allowed) {
        if (allowed) base.in(rooms.user(userId)).socketsJoin(rooms.logs);
        else base.in(rooms.user(userId)).socketsLeave([rooms.logs, rooms.logsTail]);
      },
    };
  };

  return {
    io,
    presence,
    ...actOn('all'),
    local: actOn('local'),
    async hasMembers(room) {
      const here = (await io.local.in(room).fetchSockets()).length > 0;
      if (here || !redis) return here;
      // The other instances are asked through Redis; if it does not answer within 2 s, this instance's answer.
      const everywhere = io
        .in(room)
        .fetchSockets()
        .then((found) => found.length > 0);
      return firstOf(everywhere, 2000, false);
    },
    close: async () => {
      // With Redis away, its parts would wait for it forever: the stop waits at most 3 s for each.
      await settleWithin(presence.close(), 3000);
      await settleWithin(new Promise<void>((resolve) => io.close(() => resolve())), 3000);
    },
  };
}

/** What `work` resolves to, or `fallback` if it fails or takes longer than `ms`. */
function firstOf<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  const settled = work.catch(() => fallback);
  return Promise.race([settled, limit]).finally(() => clearTimeout(timer));
}

/** Waits for `work` to settle, or `ms`, whichever comes first. */
const settleWithin = (work: Promise<unknown>, ms: number): Promise<unknown> => firstOf(work, ms, undefined);
