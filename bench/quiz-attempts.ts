/**
 * Quiz taking under load: students each start an attempt on a 20-question auto-graded quiz of an approved
 * course, save all 20 answers one request at a time (as the player does) and submit, many at once, over
 * real HTTP to one process with an embedded PostgreSQL. Prints throughput, p50/p95 per kind of request and
 * errors, then checks every attempt ended marked with the expected score.
 *
 *   node_modules/.bin/tsx bench/quiz-attempts.ts [students=1000] [concurrency=64]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { QuestionOption, QuestionType } from '../common/quizzes';
import {
  courseSubscriptions,
  courses,
  quizAttempts,
  quizQuestions,
  quizzes,
  sessions,
  users,
} from '../server/db/schema/index';
import { signSessionToken } from '../server/http/tokens';
import { buildSnapshot } from '../server/modules/approvals/snapshots';
import { buildUser } from '../server/test/factories';
import { startBenchApp } from './support/load';

const studentCount = Number(process.argv[2] ?? 1000);
const concurrency = Number(process.argv[3] ?? 64);
const QUESTIONS = 20;

const { app, base, stop } = await startBenchApp();

// ---- A live course with one 20-question quiz (single, multiple, true/false and short answers) ----------
const teacher = await buildUser(app, { userType: 'teacher' });
const [course] = await app.db
  .insert(courses)
  .values({
    ownerId: teacher.id,
    title: 'Fractions under load',
    description: 'A course for the quiz benchmark.',
    category: 'Mathematics',
    level: 'Beginner',
    language: 'English',
    price: 0,
    approvalStatus: 'APPROVED',
  })
  .returning();
const [quiz] = await app.db
  .insert(quizzes)
  .values({ courseId: course.id, title: 'Twenty questions', attemptsAllowed: 0, passPercent: 50 })
  .returning();
const choices = (correct: number[]): QuestionOption[] =>
  ['a', 'b', 'c', 'd'].map((text, i) => ({ id: `o${i + 1}`, text, correct: correct.includes(i) }));
const KINDS: { type: QuestionType; options: QuestionOption[]; accepted: string[]; response: object }[] = [
  { type: 'single', options: choices([1]), accepted: [], response: { optionIds: ['o2'] } },
  { type: 'multiple', options: choices([0, 2]), accepted: [], response: { optionIds: ['o1', 'o3'] } },
  {
    type: 'true_false',
    options: [
      { id: 'true', text: 'True', correct: true },
      { id: 'false', text: 'False', correct: false },
    ],
    accepted: [],
    response: { optionIds: ['true'] },
  },
  { type: 'short', options: [], accepted: ['one half'], response: { text: 'One Half' } },
];
const questionRows = await app.db
  .insert(quizQuestions)
  .values(
    Array.from({ length: QUESTIONS }, (_, position) => {
      const kind = KINDS[position % KINDS.length];
      return {
        quizId: quiz.id,
        position,
        type: kind.type,
        prompt: `Question ${position + 1}`,
        options: kind.options,
        acceptedAnswers: kind.accepted,
        marks: 1,
        negativeMarks: 0.25,
      };
    }),
  )
  .returning();
const answers = questionRows.map((row) => ({
  id: row.id,
  response: KINDS[row.position % KINDS.length].response,
}));
await app.db
  .update(courses)
  .set({ approvedSnapshot: await buildSnapshot(app.db, course) })
  .where(eq(courses.id, course.id));

// ---- Students, their sessions and subscriptions, straight in the database ------------------------------
const students = await app.db
  .insert(users)
  .values(
    Array.from({ length: studentCount }, (_, i) => ({
      email: `bench-student-${i}@example.test`,
      fullName: `Student ${i}`,
      userType: 'student',
      passwordHash: 'not-used: the benchmark signs session tokens directly',
      emailVerifiedAt: new Date(),
    })),
  )
  .returning({ id: users.id });
const expiresAt = new Date(Date.now() + 12 * 3600_000);
const sessionRows = await app.db
  .insert(sessions)
  .values(students.map((student) => ({ userId: student.id, expiresAt })))
  .returning({ id: sessions.id, userId: sessions.userId });
await app.db
  .insert(courseSubscriptions)
  .values(students.map((student) => ({ courseId: course.id, userId: student.id })));
const headers = await Promise.all(
  sessionRows.map(async (session) => ({
    authorization: JSON.stringify({
      jwtToken: await signSessionToken(
        { sub: session.userId, sid: session.id },
        expiresAt,
        app.config.jwtSecret,
      ),
    }),
    'content-type': 'application/json',
  })),
);

// ---- The load --------------------------------------------------------------------------------------------
type Kind = 'start' | 'answer' | 'submit';
const latencies: Record<Kind, number[]> = { start: [], answer: [], submit: [] };
let errors = 0;
const firstErrors: string[] = [];

async function timed(kind: Kind, method: string, url: string, auth: Record<string, string>, body?: unknown) {
  const t0 = performance.now();
  const response = await fetch(`${base}${url}`, {
    method,
    headers: auth,
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: Error) => {
    firstErrors.push(`${kind}: ${error.message}`);
    return null;
  });
  const text = (await response?.text()) ?? '';
  latencies[kind].push(performance.now() - t0);
  if (!response?.ok) {
    errors += 1;
    if (response && firstErrors.length < 5) firstErrors.push(`${kind}: ${response.status} ${text}`);
    return null;
  }
  return JSON.parse(text) as { id: string };
}

async function takeQuiz(auth: Record<string, string>) {
  const attempt = await timed('start', 'POST', `/api/learning/quizzes/${quiz.id}/attempts`, auth, {});
  if (!attempt) return;
  for (const answer of answers) {
    await timed('answer', 'PUT', `/api/learning/attempts/${attempt.id}/answers/${answer.id}`, auth, {
      response: answer.response,
    });
  }
  await timed('submit', 'POST', `/api/learning/attempts/${attempt.id}/submit`, auth, {});
}

console.log(
  `${studentCount} students × (start + ${QUESTIONS} answers + submit), ${concurrency} in flight, Node ${process.version}, ${os.cpus().length} cores`,
);
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < headers.length) {
      const auth = headers[next];
      next += 1;
      await takeQuiz(auth);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;

const requests = latencies.start.length + latencies.answer.length + latencies.submit.length;
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]?.toFixed(1) ?? '-';
};
console.log(
  `${requests} requests in ${seconds.toFixed(1)} s: ${(requests / seconds).toFixed(0)} req/s, ${(studentCount / seconds).toFixed(1)} attempts/s, errors ${errors}`,
);
for (const kind of ['start', 'answer', 'submit'] as const) {
  console.log(
    `  ${kind.padEnd(7)} ${String(latencies[kind].length).padStart(6)} requests  p50 ${pct(latencies[kind], 0.5)} ms  p95 ${pct(latencies[kind], 0.95)} ms`,
  );
}
const finished = await app.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id));
const right = finished.filter((attempt) => attempt.status === 'marked' && attempt.score === QUESTIONS).length;
console.log(`attempts marked with full marks: ${right} of ${studentCount}`);
for (const line of firstErrors) console.log(`  error: ${line}`);
await stop();
