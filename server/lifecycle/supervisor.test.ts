import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../db/embedded';
import {
  describeExit,
  RESTART_POLICY,
  type RestartPolicy,
  restartDelay,
  type ServerExit,
  tailKeeper,
} from './restart-policy';
import { superviseServer } from './supervisor';

// The supervisor's decisions with a stand-in server: a small script that starts (or fails to) as the test's
// control file says, so restarts, back-off and giving up take milliseconds. The real server under the real
// supervisor is tested in process.test.ts.
const dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-supervisor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const control = path.join(dir, 'control');
const starts = path.join(dir, 'starts.jsonl');
const script = path.join(dir, 'server.mjs');
writeFileSync(
  script,
  `import { appendFileSync, readFileSync } from 'node:fs';
function run(previousExit) {
  appendFileSync(${JSON.stringify(starts)}, JSON.stringify({ pid: process.pid, previousExit, standby: process.env.GURUKUL_STANDBY === '1' }) + '\\n');
  const mode = readFileSync(${JSON.stringify(control)}, 'utf8').trim();
  if (mode === 'fail') {
    console.error('[gurukul] Gurukul cannot start: Port 1 is already in use');
    console.error('[gurukul] Fix: start on another port');
    process.exit(1);
  }
  process.on('SIGTERM', () => process.exit(0));
  process.send('gurukul:listening');
  setInterval(() => {}, 1000);
}
if (process.env.GURUKUL_STANDBY === '1') {
  process.on('SIGTERM', () => process.exit(0));
  process.on('message', (m) => m && m.type === 'gurukul:go' && run(m.previousExit));
} else run(process.env.GURUKUL_PREVIOUS_EXIT ? JSON.parse(process.env.GURUKUL_PREVIOUS_EXIT) : null);
`,
);

interface Start {
  pid: number;
  previousExit: ServerExit | null;
  standby: boolean;
}
const started = (): Start[] =>
  readFileSync(starts, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Start);

async function until<T>(what: () => T | undefined, ms = 10_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
    const value = what();
    if (value !== undefined && value !== false) return value;
  }
  throw new Error('timed out');
}

const fast = { firstDelayMs: 50, maxDelayMs: 400, maxQuickFailures: 4 };

async function supervise(policy: RestartPolicy = fast) {
  return superviseServer({
    command: process.execPath,
    args: [script],
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      // No embedded PostgreSQL for the stand-in.
      DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:9/none',
      NODE_ENV: 'test',
    },
    policy,
  });
}

let errors: string[] = [];
beforeEach(() => {
  writeFileSync(control, 'listen');
  writeFileSync(starts, '');
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.join(' '));
  });
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('restart policy', () => {
  it('doubles the wait from 0.5 s with each quick failure, up to its cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => restartDelay(n))).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(restartDelay(20)).toBe(RESTART_POLICY.maxDelayMs);
  });

  it('words how a server ended', () => {
    expect(describeExit({ code: null, signal: 'SIGKILL' })).toBe(
      'was killed (SIGKILL, perhaps out of memory)',
    );
    expect(describeExit({ code: 1, signal: null })).toBe('exited with code 1');
    expect(describeExit({ code: null, signal: 'SIGSEGV' })).toBe('died by SIGSEGV');
  });

  it('keeps the last lines of an output, from a line start', () => {
    const tail = tailKeeper(20);
    tail.push('first line that is long\nsecond\n');
    tail.push('third\n');
    expect(tail.text()).toBe('second\nthird');
  });
});

describe('the supervisor', { timeout: 30_000 }, () => {
  it('starts a server that died again from its loaded standby, handing over how it died', async () => {
    const supervisor = await supervise();
    const [first] = await until(() => (started().length === 1 ? started() : undefined));
    expect(first.previousExit).toBeNull();
    // The standby is loaded once the server listens; kill -9 the server.
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(first.pid, 'SIGKILL');
    const second = await until(() => started()[1]);
    expect(second.standby).toBe(true);
    expect(second.previousExit).toMatchObject({
      code: null,
      signal: 'SIGKILL',
      wasListening: true,
      restarts: 0,
    });
    expect(errors.join('\n')).toMatch(
      /The server was killed \(SIGKILL, perhaps out of memory\) after .*; starting it again in 0\.1 s/,
    );

    // Without a standby (kill it first) the next start is a new process, told through its environment.
    const standby = await until(() => {
      const pids = standbys();
      return pids.length > 0 ? pids[0] : undefined;
    });
    process.kill(standby, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.kill(second.pid, 'SIGKILL');
    const third = await until(() => started()[2]);
    expect(third.pid).not.toBe(standby);
    expect(third.previousExit).toMatchObject({ signal: 'SIGKILL', restarts: 1 });

    supervisor.stop('SIGTERM');
    expect(await supervisor.done).toBe(0);
    expect(alive(third.pid)).toBe(false);
  });

  it('stops after a crash loop with the failed start’s own message, and does not retry a first start', async () => {
    const supervisor = await supervise();
    const [first] = await until(() => (started().length === 1 ? started() : undefined));
    writeFileSync(control, 'fail');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = Date.now();
    process.kill(first.pid, 'SIGKILL');
    expect(await supervisor.done).toBe(1);
    // The kill of a server that served (restarted after 0.05 s), then four failed starts in a row, the next three
    // after 0.05, 0.1 and 0.2 s.
    expect(started()).toHaveLength(5);
    expect(Date.now() - before).toBeGreaterThanOrEqual(400);
    const said = errors.join('\n');
    expect(said).toContain('The server exited with code 1 4 times in a row before it could serve');
    expect(said).toContain(
      '[gurukul] Gurukul cannot start: Port 1 is already in use\n[gurukul] Fix: start on another port',
    );

    // A first start that fails is a setting to fix: no retry.
    writeFileSync(starts, '');
    const again = await supervise();
    expect(await again.done).toBe(1);
    expect(started()).toHaveLength(1);
  });

  it('refuses a production start without payment keys before it starts or creates anything', async () => {
    const fresh = mkdtempSync(path.join(os.tmpdir(), 'gurukul-supervisor-prod-'));
    const supervisor = superviseServer({
      command: process.execPath,
      args: [script],
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        PORT: String(await freePort()),
        DATA_DIR: fresh,
        NODE_ENV: 'production',
      },
      policy: fast,
    });
    expect(await supervisor.done).toBe(1);
    expect(started()).toHaveLength(0);
    expect(readdirSync(fresh)).not.toContain('postgres');
    expect(errors.join('\n')).toContain('NODE_ENV is production but no payment keys are set');
    rmSync(fresh, { recursive: true, force: true });
  });

  it('a server that served is always started again, however often it dies; one that exits 0 stops everything', async () => {
    const supervisor = await supervise({ ...fast, maxQuickFailures: 2 });
    // Killed five times as soon as each is back (the reviewer: five kills about 10 s apart stopped the
    // school for good): every one is started again after the first wait, never given up on.
    for (let n = 0; n < 5; n++) {
      const server = await until(() => started()[n]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.kill(server.pid, 'SIGKILL');
    }
    const sixth = await until(() => started()[5]);
    expect(errors.join('\n')).not.toContain('not starting it again');
    expect(errors.join('\n')).toMatch(/starting it again in 0\.1 s/);
    expect(errors.join('\n')).not.toMatch(/starting it again in 0\.[2-9] s/);
    process.kill(sixth.pid, 'SIGTERM');
    expect(await supervisor.done).toBe(0);
    expect(started()).toHaveLength(6);
  });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The supervisor's standby processes: children of this process started with GURUKUL_STANDBY=1, not yet used. */
function standbys(): number[] {
  const used = new Set(started().map((start) => start.pid));
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => !used.has(pid))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return (
          parent === process.pid && readFileSync(`/proc/${pid}/environ`, 'utf8').includes('GURUKUL_STANDBY=1')
        );
      } catch {
        return false;
      }
    });
}
