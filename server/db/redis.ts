import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../http/logger';

/**
 * Redis for several app instances (REDIS_URL, decision 036): the socket.io adapter (a publishing and a subscribed
 * connection), shared presence and the shared request budgets (a command connection). Connections retry by
 * themselves; while Redis is away, budgets are skipped (the limiter's skipOnError), presence answers from this
 * instance, events reach this instance's sockets at once and the others' when Redis is back — degraded, never down.
 */
export interface RedisConnections {
  /** Presence and rate limits: a command fails fast (after one reconnection) so a request never waits on Redis. */
  commands: Redis;
  /** The adapter's publishing side; an event published while Redis is away is lost for the other instances. */
  pub: Redis;
  sub: Redis;
  /** Names this process in shared presence. */
  instanceId: string;
  close(): Promise<void>;
}

export function connectRedis(url: string, log: Logger): RedisConnections {
  let lastWarning = 0;
  const warn = (error: unknown, name: string) => {
    // Said once every 30 s: ioredis reports each failed reconnection attempt.
    if (Date.now() - lastWarning < 30_000) return;
    lastWarning = Date.now();
    log.warn({ err: error, redis: name }, 'Redis connection problem');
  };
  const open = (name: string) => {
    const client = new Redis(url, {
      connectionName: `gurukul-${name}`,
      // A command waits at most one reconnection, then fails: nothing waits on Redis for long.
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      // CLIENT SETINFO is Redis 7.2's; older servers (Debian's 7.0) answer it with an error that would be logged
      // as a connection problem at every start.
      disableClientInfo: true,
      retryStrategy: (times) => Math.min(times * 200, 5000),
    });
    client.on('error', (error) => warn(error, name));
    return client;
  };
  const commands = open('commands');
  const pub = open('pub');
  const sub = open('sub');
  // The socket.io adapter sends commands (publish, subscribe, unsubscribe at close) without handling a failure;
  // with Redis away each would be an unhandled rejection, which stops the process (lifecycle/process-handlers.ts).
  for (const [client, name] of [
    [pub, 'pub'],
    [sub, 'sub'],
  ] as const) {
    const send = client.sendCommand.bind(client);
    client.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
      const sent = send(...args) as Promise<unknown>;
      sent.catch((error: unknown) => warn(error, name));
      return sent;
    }) as Redis['sendCommand'];
  }
  return {
    commands,
    pub,
    sub,
    instanceId: randomUUID(),
    async close() {
      // quit() waits for Redis to answer; when it is away, disconnect() ends the connection at once.
      await Promise.allSettled(
        [commands, pub, sub].map((client) =>
          client.status === 'ready' ? client.quit() : client.disconnect(),
        ),
      );
    },
  };
}
