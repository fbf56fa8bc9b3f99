/**
 * How much the per-request authorisation costs: every /api call verifies the JWT and loads its session,
 * user and plan state from PostgreSQL. Fires requests at GET /api/health (no auth) and GET /api/auth/me
 * (full auth) over real HTTP and prints throughput, p50/p95 latency and errors.
 *
 *   node_modules/.bin/tsx bench/authenticated-requests.ts [requests=4000] [concurrency=32]
 */
import os from 'node:os';
import { buildUser, login } from '../server/test/factories';
import { measure, startBenchApp } from './support/load';

const total = Number(process.argv[2] ?? 4000);
const concurrency = Number(process.argv[3] ?? 32);

const { app, base, stop } = await startBenchApp();
const teacher = await buildUser(app, { userType: 'teacher' });
const session = await login(app, teacher.email);
const authorization = JSON.stringify({ jwtToken: session.jwtToken, userType: 'admin' });

console.log(`concurrency ${concurrency}, Node ${process.version}, ${os.cpus().length} cores`);
await measure('GET /api/health', `${base}/api/health`, {}, total, concurrency);
await measure('GET /api/auth/me', `${base}/api/auth/me`, { authorization }, total, concurrency);
await stop();
