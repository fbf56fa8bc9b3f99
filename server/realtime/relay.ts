import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import type { Logger } from '../http/logger';
import { localPresence } from './presence';
import type { LocalRealtime, Realtime } from './socket';

/**
 * Realtime events from processes that hold no sockets (decision 035). A worker (`npm run worker`) runs jobs that
 * report progress — a video packaged, a library slide rendered, a guru trained — but its browsers are connected to
 * the web processes. The worker publishes each event with PostgreSQL's NOTIFY on one channel; every web process
 * LISTENs and emits it to its own sockets. No extra engine: the database every process already shares carries it.
 */
export const RELAY_CHANNEL = 'gurukul_realtime';

/** NOTIFY payloads must stay under 8000 bytes; job events are a few hundred. */
const MAX_PAYLOAD_BYTES = 7900;

export type RelayMessage =
  | { kind: 'notify'; room: string; event: string; payload: unknown }
  | { kind: 'disconnect'; match: Parameters<Realtime['disconnectSessions']>[0] }
  | { kind: 'logs-access'; userId: string; allowed: boolean };

/**
 * The worker's Realtime: every call becomes a NOTIFY, sent one after another so progress arrives in order. It has
 * no sockets, so nobody is in its rooms (`hasMembers` is false: work done only for watchers, such as the live
 * tail of the logs, is skipped) and nobody is present.
 */
export function relayPublisher(db: Db, log: Logger): Realtime {
  let queue: Promise<void> = Promise.resolve();
  let lastTooBig = 0;
  const publish = (message: RelayMessage) => {
    const text = JSON.stringify(message);
    if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
      // Said at most once a minute: a event this big is a bug to fix, not a reason to flood the log.
      if (Date.now() - lastTooBig > 60_000) {
        lastTooBig = Date.now();
        log.warn(
          { kind: message.kind, bytes: Buffer.byteLength(text) },
          'realtime event too big to relay; dropped',
        );
      }
      return;
    }
    queue = queue
      .then(async () => {
        await db.execute(sql`select pg_notify(${RELAY_CHANNEL}, ${text})`);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not relay a realtime event'));
  };
  return {
    io: null,
    presence: localPresence(),
    notify: (room, event, payload) => publish({ kind: 'notify', room, event, payload }),
    disconnectSessions: (match) => publish({ kind: 'disconnect', match }),
    setLogsAccess: (userId, allowed) => publish({ kind: 'logs-access', userId, allowed }),
    hasMembers: async () => false,
    close: () => queue,
  };
}

/** Applies one relayed message to this process's own sockets; anything malformed is ignored. */
export function applyRelayMessage(realtime: LocalRealtime, text: string): void {
  let message: RelayMessage;
  try {
    message = JSON.parse(text) as RelayMessage;
  } catch {
    return;
  }
  if (message.kind === 'notify' && typeof message.room === 'string' && typeof message.event === 'string')
    realtime.notify(message.room, message.event, message.payload);
  else if (message.kind === 'disconnect' && message.match) realtime.disconnectSessions(message.match);
  else if (message.kind === 'logs-access' && typeof message.userId === 'string')
    realtime.setLogsAccess(message.userId, message.allowed === true);
}

export interface RelayListener {
  /** Resolves once LISTEN is in place (tests wait for it before a worker publishes). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * A web process's side: one dedicated connection LISTENing on the channel, reconnected with a growing pause
 * (1 s up to 30 s) when the database goes away, so a restart of PostgreSQL costs events, never the process.
 */
export function listenForRelay(databaseUrl: string, realtime: LocalRealtime, log: Logger): RelayListener {
  let client: pg.Client | null = null;
  let closed = false;
  let pause = 1000;
  let timer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'gurukul-relay' });
    const retry = (error: unknown) => {
      if (closed || client !== next) return;
      client = null;
      log.warn({ err: error, retryInMs: pause }, 'realtime relay lost its database connection');
      next.end().catch(() => {});
      timer = setTimeout(() => void connect(), pause);
      timer.unref();
      pause = Math.min(pause * 2, 30_000);
    };
    client = next;
    next.on('error', retry);
    next.on('end', () => retry(new Error('connection ended')));
    next.on('notification', (notice) => {
      if (notice.channel === RELAY_CHANNEL && notice.payload) applyRelayMessage(realtime, notice.payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${RELAY_CHANNEL}`);
      pause = 1000;
      markReady();
    } catch (error) {
      retry(error);
    }
  };
  void connect();

  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
