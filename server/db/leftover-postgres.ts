import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Node built-ins only: scripts/bootstrap.mjs imports the compiled file (dist/server/leftover-postgres.js) to stop
// the cluster of a server that died by a signal.

/** A PostgreSQL postmaster found running on a cluster folder, and the process that started it. */
export interface RunningCluster {
  pid: number;
  port: number;
  /** The postmaster's parent: the Gurukul server that started it, or init/a subreaper once that server died. */
  parentPid: number;
  /** True while the parent is a live Node process (another server owns the cluster); false for an orphan. */
  ownedByLiveServer: boolean;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive but someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

function parentOf(pid: number): number {
  try {
    // "pid (comm) state ppid …": comm may hold spaces or parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/**
 * The postmaster running on `clusterDir`, from its postmaster.pid, or null when none is (no file, a stale file,
 * or a pid now used by another program). Linux only (/proc); elsewhere PostgreSQL's own lock error is explained.
 */
export function findRunningCluster(clusterDir: string): RunningCluster | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  // Line 1: pid, line 2: data folder, line 4: port (PostgreSQL's documented layout).
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  const [program, ...args] = commandLine(pid);
  const dataDirArg = args[args.indexOf('-D') + 1];
  const isOurs =
    path.basename(program ?? '') === 'postgres' &&
    dataDirArg !== undefined &&
    path.resolve(dataDirArg) === path.resolve(clusterDir);
  if (!isOurs) return null;
  const parentPid = parentOf(pid);
  const parentProgram = path.basename(commandLine(parentPid)[0] ?? '');
  const ownedByLiveServer = parentPid > 1 && parentPid !== process.pid && parentProgram.startsWith('node');
  return { pid, port: Number(lines[3]), parentPid, ownedByLiveServer };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) {
    if (!isAlive(pid)) return true;
  }
  return !isAlive(pid);
}

/**
 * Stops an orphaned postmaster: SIGINT is PostgreSQL's fast shutdown (sessions ended, a checkpoint written, the
 * lock file removed); one that hangs gets SIGQUIT, an immediate stop that the next start recovers from the WAL.
 */
export async function stopCluster(cluster: RunningCluster): Promise<void> {
  process.kill(cluster.pid, 'SIGINT');
  if (await waitForExit(cluster.pid, 30_000)) return;
  process.kill(cluster.pid, 'SIGQUIT');
  if (await waitForExit(cluster.pid, 10_000)) return;
  throw new Error(
    `The leftover PostgreSQL (pid ${cluster.pid}) did not stop; stop it with: kill -9 ${cluster.pid}`,
  );
}

/**
 * Stops the cluster of a server that is gone (killed, crashed). Returns what was stopped, or null when nothing
 * was running or the cluster belongs to a live server (the caller decides what to say about that).
 */
export async function stopLeftoverCluster(clusterDir: string): Promise<RunningCluster | null> {
  const cluster = findRunningCluster(clusterDir);
  if (!cluster || cluster.ownedByLiveServer) return null;
  await stopCluster(cluster);
  return cluster;
}
