import { like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryDetail } from '../../../common/contracts/library';
import { storedFiles } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { pdfOf } from '../../test/fixtures/guru-training';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/uploads';

/**
 * Issue 12: the server once died receiving a PDF, in the native page renderer. Pages are now drawn in a
 * child process; GURUKUL_TEST_PDF_FAULT (honoured by that child under NODE_ENV=test) stands in for the fault.
 */
let ctx: TestContext;
let teacher: Awaited<ReturnType<typeof buildAndLogin>>;
let deck: Buffer;

beforeAll(async () => {
  // A short time limit, so the hang below is stopped quickly (the child's start counts against it).
  ctx = await startTestApp({ pdfRender: { timeoutMs: 10_000, memoryMb: 1024 } });
  teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  deck = await pdfOf(['Shapes have sides.', 'A square has four.']);
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  delete process.env.GURUKUL_TEST_PDF_FAULT;
});

const uploadDeck = () => {
  const body = multipart('shapes.pdf', 'application/pdf', deck);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/course-libraries',
    headers: { ...teacher.headers, ...body.headers },
    payload: body.payload,
  });
};
const storedSlides = async () =>
  (await ctx.app.db.select().from(storedFiles).where(like(storedFiles.path, 'libraries/%'))).length;

describe('a PDF whose renderer fails', { timeout: 90_000 }, () => {
  it('a crash refuses that upload with a 400 and a clear message; the server answers the next requests', async () => {
    process.env.GURUKUL_TEST_PDF_FAULT = 'crash';
    const refused = await uploadDeck();
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'INVALID_FILE',
      message:
        'This PDF could not be read: the page renderer stopped on it. Please export it again and upload the new copy.',
    });
    expect(refused.body).not.toMatch(/SIGABRT|stack|pdf-render-worker/);
    expect(await storedSlides()).toBe(0);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/course-libraries',
      headers: teacher.headers,
    });
    expect(list.statusCode).toBe(200);

    delete process.env.GURUKUL_TEST_PDF_FAULT;
    const accepted = await uploadDeck();
    expect(accepted.statusCode, accepted.body).toBe(201);
    const library = accepted.json() as LibraryDetail;
    expect(library.segments.map((segment) => segment.description)).toEqual([
      'Shapes have sides.',
      'A square has four.',
    ]);
  });

  it('a hang is stopped at PDF_RENDER_TIMEOUT_S and refused the same way', async () => {
    process.env.GURUKUL_TEST_PDF_FAULT = 'hang';
    const before = await storedSlides();
    const started = Date.now();
    const refused = await uploadDeck();
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toMatch(
      /^This PDF could not be read: a page took longer than 10 s to draw\./,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await storedSlides()).toBe(before);

    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
