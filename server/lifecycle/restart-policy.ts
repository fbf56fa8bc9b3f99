import type { FastifyBaseLogger } from 'fastify';

// Node built-ins and types only: shared by the supervisor (server/lifecycle/supervisor.ts, inside `npm start`'s
// bootstrap) and the server it restarts (decision 051).

/** When a server that died is started again, and when the supervisor gives up. */
export interface RestartPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  maxQuickFailures: number;
}

export const RESTART_POLICY: RestartPolicy = {
  /**
   * The wait before starting again a server that had served (it said it was listening), however often that
   * happens: a school is better served by a server that dies every few minutes than by none (issue 30).
   */
  firstDelayMs: 500,
  /** Each failed start in a row doubles the wait, up to this. */
  maxDelayMs: 30_000,
  /**
   * This many failed starts in a row (the server died before it could serve: the port taken meanwhile, the
   * database refusing, a broken build) and the supervisor stops with the start's own message.
   */
  maxQuickFailures: 5,
};

/** The wait before restart number `failures` (1 = the first failed start in a row). */
export function restartDelay(failures: number, policy: RestartPolicy = RESTART_POLICY): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, failures - 1), policy.maxDelayMs);
}

/** How a server process ended, as the supervisor saw it; handed to the next server to store in the logs. */
export interface ServerExit {
  /** ISO time of the exit. */
  at: string;
  code: number | null;
  signal: string | null;
  /** How long the process ran. */
  uptimeMs: number;
  /** Whether it had said it was listening. */
  wasListening: boolean;
  /** The last lines it wrote to stderr (a native crash, V8's out-of-memory report, a failed start). */
  stderrTail: string;
  /** How many times the supervisor had started a server again before this one (0: the first since `npm start`). */
  restarts: number;
}

/** The environment variable the supervisor hands the previous exit over in (JSON). */
export const PREVIOUS_EXIT_ENV = 'GURUKUL_PREVIOUS_EXIT';
/** Set by the supervisor: its pid, whose embedded PostgreSQL the server joins instead of starting its own. */
export const SUPERVISOR_PID_ENV = 'GURUKUL_SUPERVISOR_PID';
/** Set by the supervisor on a standby: a server that loads its code, then waits for GO_MESSAGE to start. */
export const STANDBY_ENV = 'GURUKUL_STANDBY';
/** The message a supervised server sends on its IPC channel once it listens. */
export const LISTENING_MESSAGE = 'gurukul:listening';
/** The message that starts a standby, with how the server it replaces ended. */
export const GO_MESSAGE = 'gurukul:go';
export interface GoMessage {
  type: typeof GO_MESSAGE;
  previousExit: ServerExit | null;
}

/** "was killed (SIGKILL, perhaps out of memory)", "exited with code 1": what ended it, in words. */
export function describeExit(exit: Pick<ServerExit, 'code' | 'signal'>): string {
  if (exit.signal === 'SIGKILL') return 'was killed (SIGKILL, perhaps out of memory)';
  if (exit.signal === 'SIGABRT') return 'aborted (SIGABRT, e.g. V8 out of memory)';
  if (exit.signal) return `died by ${exit.signal}`;
  return `exited with code ${exit.code}`;
}

/** "45 s", "3 min", "2 h": an uptime for a console line. */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 360_000) / 10} h`;
}

/** Keeps the last `maxChars` characters written to it, cut at a line start when it can be. */
export function tailKeeper(maxChars = 4000) {
  let text = '';
  return {
    push(chunk: string) {
      text = (text + chunk).slice(-maxChars * 2);
    },
    text() {
      const kept = text.slice(-maxChars);
      const newline = kept.indexOf('\n');
      return (kept.length < text.length && newline >= 0 ? kept.slice(newline + 1) : kept).trimEnd();
    },
    clear() {
      text = '';
    },
  };
}

/** The error a restarted server logs for its predecessor's death: one error group per way of dying. */
export class ServerCrash extends Error {
  constructor(message: string, stack: string) {
    super(message);
    this.name = 'ServerCrash';
    this.stack = stack;
  }
}

/** The previous exit the supervisor handed over, or null (a first start, or something unreadable). */
export function readPreviousExit(env: NodeJS.ProcessEnv = process.env): ServerExit | null {
  const raw = env[PREVIOUS_EXIT_ENV];
  if (!raw) return null;
  try {
    const exit = JSON.parse(raw) as ServerExit;
    return typeof exit === 'object' && exit && typeof exit.at === 'string' ? exit : null;
  } catch {
    return null;
  }
}

/**
 * Writes the previous server's death to this server's log (and so to the stored logs, /logs, as an error with
 * its own error group): how it ended, when, after how long, and its last stderr lines.
 */
export function logPreviousExit(log: FastifyBaseLogger, exit: ServerExit | null): void {
  if (!exit) return;
  const how = describeExit(exit);
  const message = `The server ${how} and was started again`;
  const stack = [
    `ServerCrash: ${message}`,
    exit.stderrTail ? `Last lines on stderr:\n${exit.stderrTail}` : '(nothing on stderr)',
  ].join('\n');
  log.error(
    {
      err: new ServerCrash(message, stack),
      crash: {
        at: exit.at,
        exitCode: exit.code,
        signal: exit.signal,
        uptimeSeconds: Math.round(exit.uptimeMs / 1000),
        wasListening: exit.wasListening,
        restart: exit.restarts + 1,
      },
    },
    `${message} (it had run ${formatDuration(exit.uptimeMs)}; restart ${exit.restarts + 1})`,
  );
}

/**
 * Under the supervisor: says the server listens (the supervisor then counts it started), and keeps a closed
 * stderr pipe (the supervisor killed outright) from becoming an uncaught error; the server then stops by itself
 * (process-handlers.ts, parent gone).
 */
export function tellSupervisorListening(): void {
  if (!process.env[SUPERVISOR_PID_ENV] || !process.send) return;
  process.stderr.on('error', () => {});
  process.send(LISTENING_MESSAGE, undefined, {}, () => {
    // The channel has closed (the supervisor is gone): nothing to tell.
  });
}

/**
 * When the server may start: at once (with the previous exit the supervisor put in the environment, if any), or,
 * for a standby, once the supervisor says go. A standby has loaded every module by now (the imports ran before
 * this): the slow part of a start, done before it is needed.
 */
export function whenToStart(env: NodeJS.ProcessEnv = process.env): Promise<ServerExit | null> {
  if (env[STANDBY_ENV] !== '1' || !process.send) return Promise.resolve(readPreviousExit(env));
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      const go = message as GoMessage | null;
      if (go?.type !== GO_MESSAGE) return;
      process.off('message', listener);
      resolve(go.previousExit ?? null);
    };
    process.on('message', listener);
  });
}
