import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionAnswer } from '../common/contracts/auth';
import type { GenerationState, LibraryDetail } from '../common/contracts/library';
import { connectDatabase, type Database } from '../server/db/client';
import { DEFAULT_PLANS } from '../server/modules/plans/default-plans';
import { makeTestClip } from '../server/test/clips';
import { buildServer, type Cluster, type ClusterProcess, startCluster } from '../server/test/cluster';
import { VALID_COURSE_INFO } from '../server/test/courses';
import { authHeader, buildUser, TEST_PASSWORD } from '../server/test/factories';
import { pdfOf } from '../server/test/fixtures/guru-training';
import { multipart } from '../server/test/uploads';

// Issue 18's proof: two app instances (JOBS=off) and a worker, each with a data folder of its own, sharing only
// PostgreSQL (Debian's in CI, through CLUSTER's TEST_DATABASE_URL), Debian's redis-server and s3rver from npm,
// with a TCP load balancer in front. Every request goes over HTTP to the compiled server, as in production.
const LEASE_SECONDS = 6;

let cluster: Cluster;
let database: Database;
let a: ClusterProcess;
let b: ClusterProcess;
const sockets: Socket[] = [];

interface Login {
  userId: string;
  token: string;
  headers: Record<string, string>;
}

async function signIn(at: ClusterProcess, userType: 'student' | 'admin' | 'teacher'): Promise<Login> {
  const user = await buildUser(database, {
    userType,
    email: `${userType}-${randomBytes(4).toString('hex')}@cluster.test`,
  });
  const answer = await fetch(`${at.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  const session = (await answer.json()) as SessionAnswer;
  return { userId: user.id, token: session.jwtToken, headers: authHeader(session) };
}

const call = async (at: { url: string }, who: Login, method: string, route: string, body?: unknown) => {
  const answer = await fetch(`${at.url}${route}`, {
    method,
    headers: { ...who.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.text()) as string };
};
const json = <T>(answer: { body: string }) => JSON.parse(answer.body) as T;

const upload = async (
  at: ClusterProcess,
  who: Login,
  route: string,
  body: { payload: Buffer; headers: object },
) => {
  const answer = await fetch(`${at.url}${route}`, {
    method: 'POST',
    headers: { ...who.headers, ...(body.headers as Record<string, string>) },
    body: new Uint8Array(body.payload),
  });
  return { status: answer.status, body: await answer.text() };
};

function connect(url: string, who: Login, reconnect = false): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    auth: { token: who.token },
    reconnection: reconnect,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.emit('saveOnlineUser', { userId: who.userId });
      resolve(socket);
    });
    socket.once('connect_error', reject);
  });
}

const next = <T>(socket: Socket, event: string, ms = 10_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

async function openTicket(at: ClusterProcess, student: Login): Promise<string> {
  const answer = await call(at, student, 'POST', '/api/support/tickets', {
    subject: 'Lesson will not load',
    category: 'technical',
    priority: 'normal',
    message: 'The second lesson spins forever.',
  });
  expect(answer.status, answer.body).toBe(201);
  return json<{ id: string }>(answer).id;
}

/** Files a process keeps in its own data folder: with S3 there must be none (temporary work lives in tmp/). */
const localFiles = (process: ClusterProcess) => {
  try {
    return readdirSync(`${process.dataDir}/files`, { recursive: true });
  } catch {
    return [];
  }
};

beforeAll(async () => {
  buildServer();
  cluster = await startCluster({
    adminUrl: inject('adminUrl'),
    instances: 2,
    workers: 1,
    env: { JOB_LEASE_SECONDS: String(LEASE_SECONDS) },
  });
  [a, b] = cluster.instances;
  database = connectDatabase(cluster.databaseUrl, 2);
}, 240_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await database?.close();
  await cluster?.close();
});

describe('two instances, one worker, shared PostgreSQL, Redis and S3', () => {
  it('started together on an empty database, they made the default plans once', async () => {
    const { rows } = await database.pool.query<{ audience: string; n: number }>(
      "select audience, count(*)::int as n from plans where status = 'active' group by audience order by audience",
    );
    const expected = ['institute', 'teacher'].map((audience) => ({
      audience,
      n: DEFAULT_PLANS.filter((plan) => plan.audience === audience).length,
    }));
    expect(rows).toEqual(expected);
  });

  it("delivers the admin's reply on instance B to the student connected to instance A, live", async () => {
    const student = await signIn(a, 'student');
    const admin = await signIn(b, 'admin');
    const socket = await connect(a.url, student);
    const ticketId = await openTicket(a, student);
    // Presence is shared: B sees the student online (on A) and answers live instead of by e-mail.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const heard = next<{ ticketId: string; message: { message: string } }>(socket, 'help-reply');
    const sentAt = Date.now();
    const reply = await call(b, admin, 'POST', `/api/admin/support/tickets/${ticketId}/replies`, {
      message: 'Fixed on our side; please reload.',
    });
    expect(reply.status, reply.body).toBe(200);
    const event = await heard;
    expect(JSON.stringify(event)).toContain('Fixed on our side; please reload.');
    console.info(`help-reply from B reached A's client in ${Date.now() - sentAt} ms`);
  });

  it('packages a video uploaded on A in the worker and plays it through B, from the shared store', async () => {
    const teacher = await signIn(a, 'teacher');
    const created = await call(a, teacher, 'POST', '/api/courses', {
      ...VALID_COURSE_INFO,
      title: 'Across instances',
    });
    expect(created.status, created.body).toBe(201);
    const courseId = json<{ id: string }>(created).id;
    const clip = makeTestClip({ audio: true });
    const uploaded = await upload(
      a,
      teacher,
      `/api/courses/${courseId}/videos?kind=lesson`,
      multipart('lesson.mp4', 'video/mp4', clip.bytes),
    );
    expect(uploaded.status, uploaded.body).toBe(201);

    interface VideoView {
      id: string;
      status: string;
      playlistUrl: string | null;
    }
    const videoOn = async (at: ClusterProcess) =>
      json<{ videos: VideoView[] }>(await call(at, teacher, 'GET', `/api/courses/${courseId}/videos`))
        .videos[0];
    await expect
      .poll(async () => (await videoOn(b)).status, { timeout: 60_000, interval: 300 })
      .toBe('ready');
    const video = await videoOn(b);
    expect(video.playlistUrl).toBeTruthy();

    // The worker packaged it (the instances run no jobs), and no process kept the files on its own disk.
    expect(cluster.workers[0].output()).toMatch(
      /"queue":"package-video"[^\n]*job started|job started[^\n]*"queue":"package-video"/,
    );
    expect(a.output()).not.toContain('"queue":"package-video"');
    for (const process of [a, b, cluster.workers[0]]) expect(localFiles(process)).toEqual([]);

    const playlistUrl = new URL(video.playlistUrl as string, b.url);
    const playlist = await fetch(playlistUrl, { headers: teacher.headers });
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    expect(text).toContain('#EXTM3U');
    const firstSegment = text.split('\n').find((line) => line && !line.startsWith('#'));
    expect(firstSegment).toBeTruthy();
    // Segments come straight from the store (shared signed URLs a CDN can cache), not through an instance.
    const segmentUrl = new URL(firstSegment as string, playlistUrl);
    expect(segmentUrl.origin).toBe(cluster.s3.endpoint);
    const segment = await fetch(segmentUrl);
    expect(segment.status).toBe(200);
    const bytes = Buffer.from(await segment.arrayBuffer());
    // An MPEG-TS segment: 188-byte packets starting with the sync byte 0x47.
    expect(bytes.length).toBeGreaterThan(188);
    expect(bytes[0]).toBe(0x47);
    expect(bytes[188]).toBe(0x47);
  });

  it('finishes a library render in a second worker after the first is killed mid-render (kill -9)', async () => {
    const teacher = await signIn(a, 'teacher');
    const pages = Array.from(
      { length: 8 },
      (_, index) =>
        `Slide ${index + 1}: fractions are parts of a whole, and we add them with a common denominator.`,
    );
    const deck = await pdfOf(pages);
    const body = deckUpload('fractions.pdf', deck, { title: 'Fractions' });
    const created = await upload(a, teacher, '/api/course-libraries', body);
    expect(created.status, created.body).toBe(201);
    const library = json<LibraryDetail>(created);
    const settings = await call(a, teacher, 'PUT', `/api/course-libraries/${library.id}`, {
      title: 'Fractions',
      voice: 'nova',
      fallbackVoice: 'echo',
      avatarKind: 'none',
      avatarCorner: 'bottom-right',
      fontFamily: 'Lato',
      themeColor: 'blue',
    });
    expect(settings.status, settings.body).toBe(200);
    // The teacher's page on instance A hears the render's progress, made by a worker (relayed through PostgreSQL).
    const progress: GenerationState[] = [];
    const socket = await connect(a.url, teacher);
    socket.on('library-progress', (state: GenerationState) => progress.push(state));
    const queued = await call(a, teacher, 'POST', `/api/course-libraries/${library.id}/generate`);
    expect(queued.status, queued.body).toBe(202);

    // Two workers wait on the queue; whichever takes the render is killed, and the other must finish it.
    await cluster.startWorker();
    const state = async () =>
      json<GenerationState>(await call(b, teacher, 'GET', `/api/course-libraries/${library.id}/generation`));
    // Mid-render: at least one slide done, others still to do.
    await expect
      .poll(async () => (await state()).segments.filter((segment) => segment.status === 'ready').length, {
        timeout: 90_000,
        interval: 200,
      })
      .toBeGreaterThan(0);
    const { rows: holders } = await database.pool.query<{ pid: number }>(
      `select w.pid from job_leases l join job_workers w on w.id = l.worker_id where l.queue = 'library-generation'`,
    );
    expect(holders).toHaveLength(1);
    const victim = cluster.workers.find((worker) => worker.child.pid === holders[0].pid);
    const survivor = cluster.workers.find((worker) => worker !== victim);
    if (!victim || !survivor) throw new Error(`no worker has pid ${holders[0].pid}`);
    const before = await state();
    expect(before.status).toBe('generating');
    expect(before.segments.some((segment) => segment.status !== 'ready')).toBe(true);
    await victim.kill();

    await expect.poll(async () => (await state()).status, { timeout: 150_000, interval: 500 }).toBe('ready');
    const outputs = `killed worker:\n${victim.output()}\nother worker:\n${survivor.output()}`;
    expect(survivor.output(), outputs).toContain('job handed back');
    expect(survivor.output(), outputs).toMatch(
      /"queue":"library-generation"[^\n]*job started|job started[^\n]*"queue":"library-generation"/,
    );
    // Progress from both workers reached the socket on A, up to the finished library.
    await expect.poll(() => progress.at(-1)?.status, { timeout: 10_000 }).toBe('ready');
    expect(progress.filter((state) => state.libraryId === library.id).length).toBeGreaterThan(8);
    const detail = json<LibraryDetail>(await call(a, teacher, 'GET', `/api/course-libraries/${library.id}`));
    expect(detail.status).toBe('ready');
  }, 300_000);

  it('moves the clients of a stopped instance to the other one, keeping their session', async () => {
    const student = await signIn(a, 'student');
    const admin = await signIn(b, 'admin');
    // Through the load balancer, which sends new connections to A while it answers.
    const socket = await connect(cluster.proxy.url, student, true);
    const ticketId = await openTicket(a, student);
    const reconnected = next<void>(socket, 'connect', 30_000);
    await a.stop();
    await reconnected;
    socket.emit('saveOnlineUser', { userId: student.userId });
    await new Promise((resolve) => setTimeout(resolve, 300));

    // The same token works on B: the session lives in PostgreSQL, not in A's memory.
    const me = await call(cluster.proxy, student, 'GET', '/api/auth/me');
    expect(me.status, me.body).toBe(200);
    expect(json<{ userObj: { userId: string } }>(me).userObj.userId).toBe(student.userId);

    const heard = next<unknown>(socket, 'help-reply');
    const reply = await call(b, admin, 'POST', `/api/admin/support/tickets/${ticketId}/replies`, {
      message: 'Still here after the restart.',
    });
    expect(reply.status, reply.body).toBe(200);
    expect(JSON.stringify(await heard)).toContain('Still here after the restart.');
  });
});

/** A multipart body with text fields and one file, as the library's upload page sends it. */
function deckUpload(fileName: string, bytes: Buffer, fields: Record<string, string>) {
  const boundary = `----cluster${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('') + head),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
