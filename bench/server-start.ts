/**
 * Server start time (process start → /api/health answers 200) and memory after start, for the server run as
 * TypeScript through tsx (how `npm start` ran it before) and compiled (dist/server/main.js with plain node, how
 * it runs now), in the same run, alternating, on one already-initialised data folder (the first, untimed start
 * makes the cluster). Memory is the resident set (RSS) of the server's Node processes (tsx runs the server in
 * a child of its CLI: both count), read 2 s after health answers; PostgreSQL is not counted.
 *
 *   node_modules/.bin/tsx bench/server-start.ts [runs=3]
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../server/paths';
import { buildCompiledServer, SERVER_VARIANTS, startServerProcess } from './support/server-process';

const runs = Number(process.argv[2] ?? 3);
const dataDir = path.join(projectRoot, '.tmp', 'bench-server-start');
mkdirSync(dataDir, { recursive: true });

const VARIANTS: Record<string, [string, string[]]> = {
  'tsx server/main.ts (before)': SERVER_VARIANTS.tsx,
  'node --enable-source-maps dist/server/main.js (now)': SERVER_VARIANTS.compiled,
  'node dist/server/main.js (no source maps)': [process.execPath, ['dist/server/main.js']],
};

function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** RSS in MB of `pid` and its descendants that are Node processes (PostgreSQL excluded). */
function nodeTreeRssMb(pid: number): number {
  let kb = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    pending.push(...childrenOf(current));
    try {
      const program = readFileSync(`/proc/${current}/cmdline`, 'utf8').split('\0')[0];
      if (!path.basename(program).startsWith('node')) continue;
      const status = readFileSync(`/proc/${current}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return kb / 1024;
}

async function startOnce(command: string, args: string[]): Promise<{ startMs: number; rssMb: number }> {
  const server = await startServerProcess([command, args], { DATA_DIR: dataDir });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssMb = nodeTreeRssMb(server.pid);
  await server.stop();
  return { startMs: server.startMs, rssMb };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

buildCompiledServer();
// Untimed: initialises the cluster on the first run, and warms the OS file cache for every variant.
for (const [command, args] of Object.values(VARIANTS)) await startOnce(command, args);

const results = new Map<string, { startMs: number; rssMb: number }[]>();
for (let run = 0; run < runs; run += 1) {
  for (const [name, [command, args]] of Object.entries(VARIANTS)) {
    const result = await startOnce(command, args);
    results.set(name, [...(results.get(name) ?? []), result]);
  }
}

console.log(
  `server start on an initialised data folder, median of ${runs} runs (load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')})`,
);
console.log('| variant | start → health | RSS after start |');
console.log('|---|---|---|');
for (const [name, values] of results) {
  const start = median(values.map((value) => value.startMs));
  const rss = median(values.map((value) => value.rssMb));
  console.log(`| ${name} | ${(start / 1000).toFixed(2)} s | ${Math.round(rss)} MB |`);
}
