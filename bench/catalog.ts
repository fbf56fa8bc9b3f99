/**
 * Catalog API throughput and p95 latency under concurrent load on the embedded PostgreSQL, side by side
 * with a bare Fastify route that runs the same query function (no access hook, rate limit, validation or
 * error handler), so the cost of the app's own layers shows separately from the query's.
 *
 *   node_modules/.bin/tsx bench/catalog.ts [courses=500] [requests=3000] [concurrency=32]
 */
import os from 'node:os';
import Fastify from 'fastify';
import { courses } from '../server/db/schema/index';
import { listCatalog } from '../server/modules/catalog/service';
import type { CourseSnapshot } from '../server/modules/courses/snapshot';
import { buildUser } from '../server/test/factories';
import { baseUrl, measure, startBenchApp } from './support/load';

const courseCount = Number(process.argv[2] ?? 500);
const total = Number(process.argv[3] ?? 3000);
const concurrency = Number(process.argv[4] ?? 32);

const { app, base, stop } = await startBenchApp();
const SUBJECTS = ['Geometry', 'Algebra', 'Physics', 'Chemistry', 'Biology', 'History', 'Grammar', 'Music'];
const CATEGORIES = ['Mathematics', 'Science', 'Languages', 'Arts and Design', 'Music'];
const teachers = await Promise.all(Array.from({ length: 20 }, () => buildUser(app, { userType: 'teacher' })));
const rows = Array.from({ length: courseCount }, (_, i) => {
  const info = {
    title: `${SUBJECTS[i % SUBJECTS.length]} ${i}`,
    description: `A course about ${SUBJECTS[i % SUBJECTS.length].toLowerCase()} for learners of every level, lesson ${i}.`,
    category: CATEGORIES[i % CATEGORIES.length],
    level: 'Beginner',
    language: 'English',
    price: i % 3 === 0 ? 0 : 199 + i,
    currency: 'INR',
    passingScore: 50,
    thumbnailPath: null,
  };
  const snapshot: CourseSnapshot = { info, videos: [], faqs: [], materials: [] };
  return {
    ...info,
    ownerId: teachers[i % teachers.length].id,
    approvalStatus: 'APPROVED',
    approvedSnapshot: snapshot,
    reviewedAt: new Date(Date.now() - i * 60_000),
  };
});
for (let i = 0; i < rows.length; i += 200) await app.db.insert(courses).values(rows.slice(i, i + 200));

const bare = Fastify({ logger: false });
bare.get('/catalog', async (request) => {
  const query = request.query as { search?: string; page?: string };
  return listCatalog(app, { search: query.search, page: Number(query.page ?? 1) });
});
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareBase = baseUrl(bare.server.address());

console.log(
  `${courseCount} live courses, concurrency ${concurrency}, Node ${process.version}, ${os.cpus().length} cores`,
);
for (const [label, query] of [
  ['first page', 'page=1'],
  ['search "geometry", page 2', 'search=geometry&page=2'],
] as const) {
  await measure(
    `app  /api/catalog/courses ${label}`,
    `${base}/api/catalog/courses?${query}`,
    {},
    total,
    concurrency,
  );
  await measure(`bare /catalog ${label}`, `${bareBase}/catalog?${query}`, {}, total, concurrency);
}
await bare.close();
await stop();
