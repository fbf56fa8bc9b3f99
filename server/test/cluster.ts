import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../db/embedded';
import { projectRoot } from '../paths';
import { type RunningRedis, startRedis } from './redis-server';

// Several Gurukul processes as a deployment runs them (docs/deployment.md): app instances with JOBS=off and
// workers, each with a data folder of its own, sharing only PostgreSQL, Redis and an S3-compatible store
// (s3rver from npm, not ours), behind a load balancer. Used by the cluster proof (cluster/) and bench/cluster.ts.

/** One process of the cluster: its output is kept for failure messages. */
export interface ClusterProcess {
  readonly name: string;
  /** The HTTP port of an app instance; 0 for a worker. */
  readonly port: number;
  readonly url: string;
  /** Its own DATA_DIR: with S3 set, nothing lasting may be kept there. */
  readonly dataDir: string;
  readonly child: ChildProcess;
  output(): string;
  readonly exited: Promise<number | null>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** kill -9: no shutdown, no goodbye, as a lost machine. */
  kill(): Promise<void>;
}

export interface S3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/** A load balancer at the TCP level: each new connection goes to the first upstream that accepts it. */
export interface FailoverProxy {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

export interface Cluster {
  databaseUrl: string;
  redis: RunningRedis;
  s3: S3Server;
  instances: ClusterProcess[];
  workers: ClusterProcess[];
  /** In front of the instances, in their order: A while it answers, then B. */
  proxy: FailoverProxy;
  /** Starts one more worker and waits until it works the queues. */
  startWorker(): Promise<ClusterProcess>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** A maintenance database URL of the PostgreSQL to use; the cluster makes a database of its own there. */
  adminUrl: string;
  instances: number;
  workers: number;
  /** Settings for every process, over the cluster's own. */
  env?: Record<string, string>;
}

const S3_KEY = 'S3RVER';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Compiles the server once (dist/server), as `npm start` runs it. */
export function buildServer(): void {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}\n${build.stderr}`);
}

function spawnProcess(name: string, file: string, port: number, env: Record<string, string>): ClusterProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join('dist', 'server', file)], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    // The last 200 kB is enough to say why a process failed.
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const signal = async (how: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(how);
    await exited;
  };
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir: env.DATA_DIR,
    child,
    output: () => output,
    exited,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}

/** Resolves once `ready` holds; fails with the process's output if it exits first or takes longer than 90 s. */
async function until(process: ClusterProcess, ready: () => Promise<boolean>): Promise<void> {
  let exit: number | null | undefined;
  void process.exited.then((code) => {
    exit = code;
  });
  for (const end = Date.now() + 90_000; Date.now() < end; await wait(200)) {
    if (exit !== undefined) throw new Error(`${process.name} exited (${exit}):\n${process.output()}`);
    if (await ready().catch(() => false)) return;
  }
  throw new Error(`${process.name} was not ready in 90 s:\n${process.output()}`);
}

/** s3rver (npm) as its own process on a loopback port, with one bucket, its files in a throwaway folder. */
export async function startS3Server(): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'gurukul-s3rver-'));
  const port = await freePort();
  const bucket = 'gurukul-media';
  const child = spawn(
    path.join(projectRoot, 'node_modules', '.bin', 's3rver'),
    ['-d', directory, '-a', '127.0.0.1', '-p', String(port), '--configure-bucket', bucket, '--silent'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  for (const end = Date.now() + 20_000; ; await wait(100)) {
    // Any answer from the bucket's address means it listens (an unsigned request gets 403).
    const answer = await fetch(`${endpoint}/${bucket}`).catch(() => null);
    if (answer) break;
    if (child.exitCode !== null || Date.now() > end) throw new Error(`s3rver did not start:\n${output}`);
  }
  return {
    endpoint,
    bucket,
    accessKeyId: S3_KEY,
    secretAccessKey: S3_KEY,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Pipes each connection to the first upstream port that accepts it (a load balancer with health by refusal). */
export async function startFailoverProxy(upstreams: () => number[]): Promise<FailoverProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.pause();
    const candidates = upstreams();
    const attempt = (index: number) => {
      if (index >= candidates.length) return client.destroy();
      const upstream = net.connect(candidates[index], '127.0.0.1');
      upstream.once('error', () => {
        if (!upstream.remoteAddress) attempt(index + 1);
        else client.destroy();
      });
      upstream.once('connect', () => {
        sockets.add(upstream);
        upstream.once('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        client.once('close', () => upstream.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function createDatabase(adminUrl: string): Promise<string> {
  const name = `cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  await admin.end();
}

/**
 * Starts PostgreSQL's database, Redis, the S3 server, `instances` app instances (JOBS=off) and `workers` workers,
 * all at once as a deployment's processes would start, and the proxy in front. The server must be built.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const started = await Promise.allSettled([createDatabase(options.adminUrl), startRedis(), startS3Server()]);
  const [database, redisStart, s3Start] = started;
  if (database.status === 'rejected' || redisStart.status === 'rejected' || s3Start.status === 'rejected') {
    // What did start is stopped again: nothing outlives a failed start.
    if (redisStart.status === 'fulfilled') await redisStart.value.stop();
    if (s3Start.status === 'fulfilled') await s3Start.value.close();
    if (database.status === 'fulfilled') await dropDatabase(options.adminUrl, database.value);
    throw started.find((result) => result.status === 'rejected')?.reason;
  }
  const databaseUrl = database.value;
  const redis = redisStart.value;
  const s3 = s3Start.value;
  const folders: string[] = [];
  const dataDir = () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'gurukul-node-'));
    chmodSync(folder, 0o755);
    folders.push(folder);
    return folder;
  };
  const instances: ClusterProcess[] = [];
  const workers: ClusterProcess[] = [];
  let proxy: FailoverProxy | null = null;
  const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
  proxy = await startFailoverProxy(() =>
    instances.filter((instance) => instance.child.exitCode === null).map((instance) => instance.port),
  );
  const shared: Record<string, string> = {
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    // One secret for every process: a session made on one instance is valid on the others.
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: proxy.url,
    SEED_DEMO: 'false',
    // If whatever started the cluster dies, its processes stop too (server/lifecycle/process-handlers.ts).
    GURUKUL_STOP_WITH_PARENT: '1',
    LOG_LEVEL: 'info',
    ...options.env,
  };

  const startWorker = async (): Promise<ClusterProcess> => {
    const worker = spawnProcess(`worker ${workers.length + 1}`, 'worker.js', 0, {
      ...shared,
      DATA_DIR: dataDir(),
    });
    workers.push(worker);
    await until(worker, async () => worker.output().includes('Gurukul worker is running'));
    return worker;
  };

  const close = async () => {
    await Promise.all([...instances, ...workers].map((process) => process.stop()));
    await proxy?.close();
    await Promise.all([redis.stop(), s3.close()]);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    await dropDatabase(options.adminUrl, databaseUrl);
  };

  try {
    for (const [index, port] of ports.entries()) {
      instances.push(
        spawnProcess(`instance ${String.fromCharCode(65 + index)}`, 'main.js', port, {
          ...shared,
          PORT: String(port),
          DATA_DIR: dataDir(),
          JOBS: 'off',
        }),
      );
    }
    await Promise.all([
      ...instances.map((instance) =>
        until(instance, async () => (await fetch(`${instance.url}/api/health`)).ok),
      ),
      ...Array.from({ length: options.workers }, () => startWorker()),
    ]);
  } catch (error) {
    await close();
    throw error;
  }
  return { databaseUrl, redis, s3, instances, workers, proxy, startWorker, close };
}
