import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../server/db/embedded';
import { projectRoot } from '../../server/paths';

/** How the server is run: as TypeScript through tsx (before issue 12) or compiled with plain node (now). */
export const SERVER_VARIANTS = {
  tsx: [`${projectRoot}/node_modules/.bin/tsx`, ['server/main.ts']],
  compiled: [process.execPath, ['--enable-source-maps', 'dist/server/main.js']],
} satisfies Record<string, [string, string[]]>;

export interface ServerProcess {
  base: string;
  pid: number;
  /** Process start → /api/health answering 200. */
  startMs: number;
  stop: () => Promise<void>;
}

/** Builds dist/server from the current source (what npm start runs). */
export function buildCompiledServer(): void {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('scripts/build-server.mjs failed');
}

/** Starts the real server in its own process with `env` on a free port and waits until /api/health answers. */
export async function startServerProcess(
  [command, args]: [string, string[]],
  env: NodeJS.ProcessEnv,
): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, {
    cwd: projectRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const answer = await fetch(`${base}/api/health`).catch(() => null);
    if (answer?.ok) break;
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base,
    pid: child.pid as number,
    startMs: performance.now() - started,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
