import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { DEMO, loginAs } from './support/accounts';
import { apiLogin, authHeader, createCourseViaApi } from './support/api';
import { addReadyLesson } from './support/course-lessons';
import { type APIRequestContext, expect, type FrameLocator, type Page, test } from './support/test';

/**
 * Issue 35, "take it out" (decision 077): a course exported as SCORM is completed in a SCORM runtime this project
 * did not write — scorm-again's Scorm12API / Scorm2004API, loaded by a tiny "test LMS" page served by the test — and
 * the LMS side reads 'passed' with the score. The course is made through the API (two lessons, a quiz of every
 * auto-graded type and a long answer), the SCORM 1.2 package is asked for in the course page's Export menu.
 */
const RUN = Date.now().toString(36);
const WORK = path.resolve('.tmp', `scorm-export-${process.env.E2E_PORT ?? '3210'}-${RUN}`);
const SCORM_AGAIN = path.resolve('node_modules', 'scorm-again', 'dist');

const LMS_PAGE = (runtime: 'scorm12' | 'scorm2004') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test LMS</title>
<script src="/scorm-again/${runtime}.min.js"></script>
<script>
${runtime === 'scorm12' ? 'window.API = new Scorm12API({ autocommit: false, logLevel: 5 });' : 'window.API_1484_11 = new Scorm2004API({ autocommit: false, logLevel: 5 });'}
</script></head>
<body><h1>Test LMS</h1><iframe title="Course" src="/pkg/index.html" style="width:100%;height:85vh;border:0"></iframe></body></html>`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
};

/** Serves the test LMS page, scorm-again's build and the unzipped package (with byte ranges, for the videos). */
function startLms(runtime: 'scorm12' | 'scorm2004', packageDir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://lms.local');
    let file: string | null = null;
    if (url.pathname === '/' || url.pathname === '/lms.html') {
      response.writeHead(200, { 'content-type': TYPES['.html'] }).end(LMS_PAGE(runtime));
      return;
    }
    if (url.pathname.startsWith('/scorm-again/')) file = path.join(SCORM_AGAIN, path.basename(url.pathname));
    if (url.pathname.startsWith('/pkg/'))
      file = path.join(packageDir, decodeURIComponent(url.pathname.slice(5)));
    // path.join has resolved any "..": a file outside the two folders is not served.
    if (
      !file ||
      !(file.startsWith(`${packageDir}${path.sep}`) || file.startsWith(`${SCORM_AGAIN}${path.sep}`))
    ) {
      response.writeHead(404).end();
      return;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const range = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Number(range[2]) : bytes.length - 1;
      response.writeHead(206, {
        'content-type': type,
        'content-range': `bytes ${start}-${end}/${bytes.length}`,
        'content-length': end - start + 1,
        'accept-ranges': 'bytes',
      });
      response.end(bytes.subarray(start, end + 1));
      return;
    }
    response.writeHead(200, {
      'content-type': type,
      'content-length': bytes.length,
      'accept-ranges': 'bytes',
    });
    response.end(bytes);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A course of the demo teacher: two ready lessons and a quiz worth 6 auto-graded marks (+3 marked by hand). */
async function courseToExport(request: APIRequestContext, token: string) {
  const courseId = await createCourseViaApi(request, token, {
    title: `Export journey ${RUN}`,
    description: 'Points, lines and a short check.',
  });
  await addReadyLesson(request, token, courseId, 'Points');
  await addReadyLesson(request, token, courseId, 'Lines');
  const quiz = await request.post(`/api/quizzes/of-course/${courseId}`, {
    headers: authHeader(token),
    data: { title: 'Check', timeLimitMinutes: 0, attemptsAllowed: 0, passPercent: 60 },
  });
  expect(quiz.status(), await quiz.text()).toBe(201);
  const { id: quizId } = (await quiz.json()) as { id: string };
  const questions = [
    {
      type: 'single',
      prompt: 'How many end points has a segment?',
      options: [
        { text: 'One', correct: false },
        { text: 'Two', correct: true },
      ],
      marks: 2,
    },
    {
      type: 'multiple',
      prompt: 'Which are straight?',
      options: [
        { text: 'A line', correct: true },
        { text: 'A circle', correct: false },
        { text: 'A ray', correct: true },
      ],
      marks: 2,
    },
    { type: 'true_false', prompt: 'A point has no length.', trueFalseAnswer: true, marks: 1 },
    { type: 'short', prompt: 'What meets at a vertex? (one word)', acceptedAnswers: ['Rays'], marks: 1 },
    { type: 'long', prompt: 'Describe a plane.', marks: 3 },
  ];
  for (const question of questions) {
    const made = await request.post(`/api/quizzes/${quizId}/questions`, {
      headers: authHeader(token),
      data: { negativeMarks: 0, explanation: '', acceptedAnswers: [], options: [], ...question },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  return { courseId, quizId };
}

/** Waits for the export and unzips it into a folder of its own. */
async function unzipExport(request: APIRequestContext, token: string, courseId: string, exportId: string) {
  let url = '';
  await expect
    .poll(
      async () => {
        const polled = await request.get(`/api/courses/${courseId}/exports/${exportId}`, {
          headers: authHeader(token),
        });
        const body = (await polled.json()) as { status: string; url: string | null; error: string | null };
        if (body.status === 'failed') throw new Error(`export failed: ${body.error}`);
        url = body.url ?? '';
        return body.status;
      },
      { timeout: 120_000 },
    )
    .toBe('ready');
  const download = await request.get(url);
  expect(download.status()).toBe(200);
  const dir = path.join(WORK, exportId);
  for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(await download.body())))) {
    const target = path.join(dir, name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  return dir;
}

/** Watches every lesson through (muted, at double speed) and answers the quiz rightly. */
async function completeCourse(frame: FrameLocator) {
  const lessons = frame.locator('.lessons li');
  await expect(lessons).toHaveCount(2);
  for (let index = 0; index < 2; index += 1) {
    await lessons.nth(index).getByRole('button').click();
    const video = frame.locator(`video[data-lesson="${index}"]`);
    await expect(video).toBeVisible();
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      if (!Number.isFinite(element.duration) || element.duration <= 0)
        await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
      element.playbackRate = 2;
      await element.play();
    });
    await expect(lessons.nth(index).locator('.badge')).toHaveText('Watched');
  }
  await expect(frame.locator('.progress')).toHaveText('2 of 2 lessons watched');
  const quiz = frame.locator('form.quiz');
  await quiz.getByLabel('Two').check();
  await quiz.getByLabel('A line').check();
  await quiz.getByLabel('A ray').check();
  await quiz.getByLabel('True').check();
  await quiz.getByLabel('Your answer').first().fill('  rays ');
  await quiz.getByRole('button', { name: 'Submit answers' }).click();
  await expect(quiz.locator('.result')).toContainText('Score: 6 of 6 (100%)');
  await expect(
    quiz.getByText(
      'This answer is neither kept nor marked in this package: write it for yourself, or give it to your teacher.',
    ),
  ).toBeVisible();
}

async function openInLms(page: Page, server: Server) {
  const { port } = server.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/lms.html`);
  return page.frameLocator('iframe[title="Course"]');
}

test.describe('a course exported for another LMS', () => {
  test.describe.configure({ timeout: 240_000 });
  test.afterAll(() => rmSync(WORK, { recursive: true, force: true }));

  test("a course exported as SCORM 1.2 is completed in the test runtime and reports 'passed' with the score", async ({
    page,
    request,
  }) => {
    const { jwtToken } = await apiLogin(request, DEMO.teacher.email);
    const { courseId, quizId } = await courseToExport(request, jwtToken);

    // The quiz alone, as QTI 2.1, from its editor.
    await loginAs(page, 'teacher');
    await page.goto(`/add-quiz?courseId=${courseId}&quizId=${quizId}`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as QTI' }).click();
    const qti = unzipSync(new Uint8Array(readFileSync((await (await downloading).path()) ?? '')));
    expect(Object.keys(qti)).toEqual(
      expect.arrayContaining(['imsmanifest.xml', 'assessment.xml', 'item-005.xml']),
    );

    // The author asks for the package on the course page — on a phone's width, with the keyboard —, sees it being
    // made, then a download link.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/view-course?courseId=${courseId}`);
    const exportButton = page.getByRole('button', { name: 'Export' });
    await exportButton.focus();
    await page.keyboard.press('Enter');
    const asked = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/courses/${courseId}/exports`) && response.request().method() === 'POST',
    );
    await page.getByRole('menuitem', { name: 'SCORM 1.2' }).press('Enter');
    const { exportId } = (await (await asked).json()) as { exportId: string };
    await expect(page.getByRole('link', { name: /Download/ })).toBeVisible({ timeout: 120_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    const dir = await unzipExport(request, jwtToken, courseId, exportId);
    const server = await startLms('scorm12', dir);
    try {
      const frame = await openInLms(page, server);
      await expect(frame.getByRole('heading', { level: 1 })).toHaveText(`Export journey ${RUN}`);
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { API: { cmi: { core: { lesson_status: string } } } }).API.cmi.core
              .lesson_status,
        ),
      ).toBe('incomplete');
      await completeCourse(frame);
      const reported = await page.evaluate(() => {
        const { core } = (window as unknown as { API: { cmi: { core: Record<string, unknown> } } }).API.cmi;
        const score = core.score as Record<string, string>;
        return { status: core.lesson_status, raw: score.raw, max: score.max, min: score.min };
      });
      expect(reported).toEqual({ status: 'passed', raw: '100', max: '100', min: '0' });
      const suspended = await page.evaluate(
        () => (window as unknown as { API: { cmi: { suspend_data: string } } }).API.cmi.suspend_data,
      );
      expect(JSON.parse(suspended).w).toEqual([1, 1]);
    } finally {
      server.close();
    }
  });

  test('the same course as SCORM 2004 reports completed and passed with the score', async ({
    page,
    request,
  }) => {
    const { jwtToken } = await apiLogin(request, DEMO.teacher.email);
    const { courseId } = await courseToExport(request, jwtToken);
    const asked = await request.post(`/api/courses/${courseId}/exports`, {
      headers: authHeader(jwtToken),
      data: { format: 'scorm2004' },
    });
    expect(asked.status()).toBe(202);
    const { exportId } = (await asked.json()) as { exportId: string };
    const dir = await unzipExport(request, jwtToken, courseId, exportId);
    const server = await startLms('scorm2004', dir);
    try {
      const frame = await openInLms(page, server);
      await completeCourse(frame);
      const reported = await page.evaluate(() => {
        const { cmi } = (window as unknown as { API_1484_11: { cmi: Record<string, unknown> } }).API_1484_11;
        const score = cmi.score as Record<string, string>;
        return {
          completion: cmi.completion_status,
          success: cmi.success_status,
          raw: score.raw,
          max: score.max,
          scaled: score.scaled,
          progress: cmi.progress_measure,
        };
      });
      expect(reported).toEqual({
        completion: 'completed',
        success: 'passed',
        raw: '6',
        max: '6',
        scaled: '1',
        progress: '1',
      });
    } finally {
      server.close();
    }
  });
});
