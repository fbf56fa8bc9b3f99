import { spawn } from 'node:child_process';
import { freePort } from '../db/embedded';

export interface RunningRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real Debian `redis-server` on a free loopback port for one test file: no persistence, gone when stopped.
 * `npm test` installs the package (scripts/bootstrap.mjs); without it the test says so instead of skipping.
 */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start in 10 s:\n${output}`)),
      10_000,
    );
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`redis-server could not run (apt-get install redis-server): ${error.message}`));
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
