/**
 * Certificates (issue 36, decision 079): 1,000 certificates for one course, each issued (content frozen, the Open
 * Badges credential built and signed with Ed25519, the row written) and its PDF drawn (HarfBuzz-shaped text, a
 * Devanagari name every third learner, the QR code's PNG), timed one by one with the process's memory every 100 —
 * then the public verification read beside /api/health in the same run, at the same concurrency.
 *
 * Goals: p95 ≤ 300 ms per certificate with no memory growth across the run; the verification read p95 ≤ 50 ms.
 *
 *   node --expose-gc --import tsx bench/certificates.ts [certificates=1000] [requests=2000] [concurrency=16]
 */
import { performance } from 'node:perf_hooks';
import { certificateNames, courses, users } from '../server/db/schema/index';
import { loadLiveCourse } from '../server/modules/catalog/service';
import { issueCertificate } from '../server/modules/certificates/issue';
import { printCertificate } from '../server/modules/certificates/printing';
import { loadRules } from '../server/modules/certificates/rules';
import type { CourseSnapshot } from '../server/modules/courses/snapshot';
import { buildUser } from '../server/test/factories';
import { measure, startBenchApp } from './support/load';

const CERTIFICATES = Number(process.argv[2] ?? 1000);
const REQUESTS = Number(process.argv[3] ?? 2000);
const CONCURRENCY = Number(process.argv[4] ?? 16);

const bench = await startBenchApp();
const { app } = bench;
const teacher = await buildUser(app, { userType: 'teacher', fullName: 'Meera Iyer' });
const snapshot: CourseSnapshot = {
  info: {
    title: 'जल चक्र: The water cycle, from clouds to rivers',
    description: 'Evaporation, condensation, precipitation and collection.',
    category: 'Science',
    level: 'Beginner',
    language: 'Hindi',
    price: 0,
    currency: 'INR',
    passingScore: 50,
    thumbnailPath: null,
  },
  videos: Array.from({ length: 12 }, (_, i) => ({
    id: crypto.randomUUID(),
    kind: 'lesson',
    title: `Lesson ${i + 1}`,
    position: i,
    hlsPath: null,
    posterPath: null,
    durationSeconds: 600,
  })),
  faqs: [],
  materials: [],
};
const [course] = await app.db
  .insert(courses)
  .values({
    ...snapshot.info,
    ownerId: teacher.id,
    approvalStatus: 'APPROVED',
    approvedSnapshot: snapshot,
    reviewedAt: new Date(),
  })
  .returning();
if (!course) throw new Error('no course');
const live = await loadLiveCourse(app, course.id);
const rules = await loadRules(app, course.id);

// The learners, straight into the database with the names they asked to print.
const learnerIds: string[] = [];
for (let i = 0; i < CERTIFICATES; i += 250) {
  const rows = await app.db
    .insert(users)
    .values(
      Array.from({ length: Math.min(250, CERTIFICATES - i) }, (_, j) => ({
        email: `learner-${i + j}@bench.test`,
        fullName: `Learner ${i + j}`,
        userType: 'student',
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
        locale: (i + j) % 3 === 0 ? 'hi' : 'en',
      })),
    )
    .returning({ id: users.id });
  learnerIds.push(...rows.map((row) => row.id));
}
await app.db.insert(certificateNames).values(
  learnerIds.map((userId, n) => ({
    userId,
    name: n % 3 === 0 ? `अनन्या शर्मा ${n}` : `Ananya Sharma ${n}`,
  })),
);

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] as number;

// A first one outside the figures: fonts, HarfBuzz and the signing key are loaded once per process.
{
  const warm = await buildUser(app, { userType: 'student' });
  const { row } = await issueCertificate(app, warm.id, live, rules);
  await printCertificate(app, row.content);
}
global.gc?.();
const memory: { at: number; rss: number; heap: number; external: number }[] = [];
const issueTimes: number[] = [];
const pdfTimes: number[] = [];
const totals: number[] = [];
let pdfBytes = 0;
let lastId = '';
for (const [n, userId] of learnerIds.entries()) {
  const t0 = performance.now();
  const { row } = await issueCertificate(app, userId, live, rules);
  const t1 = performance.now();
  const pdf = await printCertificate(app, row.content);
  const t2 = performance.now();
  issueTimes.push(t1 - t0);
  pdfTimes.push(t2 - t1);
  totals.push(t2 - t0);
  pdfBytes += pdf.length;
  lastId = row.id;
  if (n % 100 === 0 || n === learnerIds.length - 1) {
    // After a full collection when node runs with --expose-gc: what is still held, not what waits to be collected.
    global.gc?.();
    const usage = process.memoryUsage();
    memory.push({ at: n, rss: usage.rss, heap: usage.heapUsed, external: usage.external });
  }
}
const line = (label: string, values: number[]) =>
  console.log(
    `${label.padEnd(34)} p50 ${percentile(values, 0.5).toFixed(1)} ms  p95 ${percentile(values, 0.95).toFixed(1)} ms  max ${Math.max(...values).toFixed(1)} ms`,
  );
console.log(`${CERTIFICATES} certificates for one course (every third name in Devanagari)`);
line('issue (content, credential, row)', issueTimes);
line('PDF', pdfTimes);
line('certificate (issue + PDF)', totals);
console.log(`mean PDF size ${(pdfBytes / CERTIFICATES / 1024).toFixed(1)} KB`);
console.log(`memory: ${memory.map((m) => `#${m.at} rss ${mb(m.rss)} heap ${mb(m.heap)}`).join(' · ')} (MB)`);
const [first, last] = [memory[1] ?? memory[0], memory[memory.length - 1]];
if (first && last)
  console.log(
    `growth from #${first.at} to #${last.at}: rss ${mb(last.rss - first.rss)} MB, heap ${mb(last.heap - first.heap)} MB, external ${mb(last.external - first.external)} MB`,
  );

// The public check beside the bare health route, same run, same load.
await measure('GET /api/health', `${bench.base}/api/health`, {}, REQUESTS, CONCURRENCY);
await measure(
  'GET /api/certificates/verify/:id',
  `${bench.base}/api/certificates/verify/${lastId}`,
  {},
  REQUESTS,
  CONCURRENCY,
);
await measure('GET /api/health (again)', `${bench.base}/api/health`, {}, REQUESTS, CONCURRENCY);
await bench.stop();
