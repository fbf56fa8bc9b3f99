/**
 * Catalog API throughput and p95 latency under concurrent load on the embedded PostgreSQL, side by side
 * with a bare Fastify route that runs the same query function (no access hook, rate limit, validation or
 * error handler), so the cost of the app's own layers shows separately from the query's.
 *
 *   node_modules/.bin/tsx bench/catalog.ts [courses=500] [requests=3000] [concurrency=32]
 */
import os from 'node:os';
import Fastify from 'fastify';
import { listCatalog } from '../server/modules/catalog/service';
import { insertLiveCourses } from './support/live-courses';
import { baseUrl, measure, startBenchApp } from './support/load';

const courseCount = Number(process.argv[2] ?? 500);
const total = Number(process.argv[3] ?? 3000);
const concurrency = Number(process.argv[4] ?? 32);

const { app, base, stop } = await startBenchApp();
await insertLiveCourses(app, courseCount);

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
