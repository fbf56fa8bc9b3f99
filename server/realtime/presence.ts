import type { Redis } from 'ioredis';
import type { Logger } from '../http/logger';

/**
 * Who is online: a user is online while at least one of their sockets is open, on any app instance. Sockets are
 * added and removed where they connect (synchronously); the questions are asked across instances (decision 036).
 */
export interface Presence {
  add(userId: string, socketId: string): void;
  /** Returns true when the user has no socket left on this instance. */
  remove(userId: string, socketId: string): boolean;
  isOnline(userId: string): Promise<boolean>;
  /** Which of these users are online (one round trip for a page of people). */
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
  /** How many distinct users are online. */
  count(): Promise<number>;
  close(): Promise<void>;
}

/** The sockets of this instance, by user. */
class LocalSockets {
  private readonly sockets = new Map<string, Set<string>>();

  /** Returns true when this is the user's first socket here. */
  add(userId: string, socketId: string): boolean {
    const ids = this.sockets.get(userId) ?? new Set<string>();
    const first = ids.size === 0;
    ids.add(socketId);
    this.sockets.set(userId, ids);
    return first;
  }

  remove(userId: string, socketId: string): boolean {
    const ids = this.sockets.get(userId);
    if (!ids?.delete(socketId) || ids.size > 0) return false;
    this.sockets.delete(userId);
    return true;
  }

  has = (userId: string) => this.sockets.has(userId);
  users = () => [...this.sockets.keys()];
  get size() {
    return this.sockets.size;
  }
}

/** One process, no Redis: presence is this process's sockets. */
export function localPresence(): Presence {
  const local = new LocalSockets();
  return {
    add: (userId, socketId) => void local.add(userId, socketId),
    remove: (userId, socketId) => local.remove(userId, socketId),
    isOnline: async (userId) => local.has(userId),
    onlineAmong: async (userIds) => new Set(userIds.filter(local.has)),
    count: async () => local.size,
    close: async () => {},
  };
}

const INSTANCES = 'gurukul:presence:instances';
const usersOf = (instanceId: string) => `gurukul:presence:${instanceId}`;
const HEARTBEAT_MS = 15_000;
/** An instance that has not beaten for this long is gone (crashed, killed): its users no longer count. */
const STALE_MS = 45_000;

/**
 * Presence shared through Redis: each instance keeps a set of its online users (`gurukul:presence:<id>`) and beats
 * in a sorted set every 15 s, rewriting its set so a restarted Redis heals. Questions read the sets of instances
 * that beat within 45 s, so the users of a crashed instance drop out without anyone cleaning up after it. When
 * Redis does not answer, the answer is this instance's own sockets, never an error.
 */
export function redisPresence(redis: Redis, instanceId: string, log: Logger): Presence {
  const local = new LocalSockets();
  const mine = usersOf(instanceId);
  const warn = (error: unknown) => log.warn({ err: error }, 'presence: Redis did not answer');

  const beat = async () => {
    const users = local.users();
    const multi = redis.multi().zadd(INSTANCES, Date.now(), instanceId).del(mine);
    if (users.length > 0) multi.sadd(mine, ...users);
    await multi.pexpire(mine, STALE_MS * 2).exec();
  };
  const heartbeat = setInterval(() => beat().catch(warn), HEARTBEAT_MS);
  heartbeat.unref();
  beat().catch(warn);

  const liveSets = async (): Promise<string[]> => {
    const since = Date.now() - STALE_MS;
    // Tidy the registry of instances long gone, then read the live ones.
    await redis.zremrangebyscore(INSTANCES, '-inf', since - STALE_MS);
    const ids = await redis.zrangebyscore(INSTANCES, since, '+inf');
    return [...new Set([...ids, instanceId])].map(usersOf);
  };

  const onlineAmong = async (userIds: readonly string[]): Promise<Set<string>> => {
    if (userIds.length === 0) return new Set();
    try {
      const sets = await liveSets();
      const pipeline = redis.pipeline();
      for (const key of sets) pipeline.smismember(key, ...userIds);
      const answers = (await pipeline.exec()) ?? [];
      const online = new Set(userIds.filter(local.has));
      for (const [error, flags] of answers) {
        if (error) throw error;
        (flags as number[]).forEach((flag, index) => {
          if (flag === 1) online.add(userIds[index]);
        });
      }
      return online;
    } catch (error) {
      warn(error);
      return new Set(userIds.filter(local.has));
    }
  };

  return {
    add(userId, socketId) {
      if (local.add(userId, socketId)) redis.sadd(mine, userId).catch(warn);
    },
    remove(userId, socketId) {
      const gone = local.remove(userId, socketId);
      if (gone) redis.srem(mine, userId).catch(warn);
      return gone;
    },
    isOnline: async (userId) => (await onlineAmong([userId])).has(userId),
    onlineAmong,
    async count() {
      try {
        const sets = await liveSets();
        const union = await redis.sunion(...sets);
        return new Set([...union, ...local.users()]).size;
      } catch (error) {
        warn(error);
        return local.size;
      }
    },
    async close() {
      clearInterval(heartbeat);
      await redis
        .multi()
        .zrem(INSTANCES, instanceId)
        .del(mine)
        .exec()
        .catch(() => {});
    },
  };
}
