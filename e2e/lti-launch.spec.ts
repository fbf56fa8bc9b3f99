import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { TEST_LMS_CLIENT_ID, TEST_LMS_PORT } from '../playwright.config';
import { makeTestClip } from '../server/test/clips';
import { DEMO, loginAs, newSession } from './support/accounts';
import { apiLogin, apiLogout, authHeader, createCourseViaApi } from './support/api';
import { seriousViolations } from './support/page-checks';
import { expect, expectFailedResponses, test } from './support/test';

/**
 * LTI 1.3 launches (issue 34, decision 074) from a learning platform written from the 1EdTech messages
 * (e2e/support/test-lms.mjs): the demo institute registers it in Integrations with the values the LMS shows; a
 * learner opens the activity on the LMS's course page and lands in Gurukul inside its frame, signed in as a student
 * of the institute; a second launch lands in the same account. Runs in the 'shared-state' project: while the LMS is
 * registered, every page names it in frame-ancestors. The registration is removed at the end.
 */
const LMS = `http://127.0.0.1:${TEST_LMS_PORT}`;
/** This run's learner: a registration made again is a new platform, whose people are new accounts. */
const RUN = Date.now().toString(36);
const LEARNER = `Sunita Rao ${RUN}`;

async function register(page: Page) {
  await page.goto('/integrations');
  const section = page.getByRole('region', { name: 'Learning management systems (LTI 1.3)' });
  await expect(section.getByTestId('lti-tool').getByText(/\/api\/lti\/login$/)).toBeVisible();
  await section.getByRole('button', { name: 'Register an LMS' }).click();
  const form = section.getByTestId('lti-form');
  await form.getByLabel('Name').fill('Science Moodle');
  await form.getByLabel('Platform ID (issuer)').fill(LMS);
  await form.getByLabel('Client ID').fill(TEST_LMS_CLIENT_ID);
  await form.getByLabel('Deployment IDs').fill('deployment-1');
  await form.getByLabel('Authentication request URL').fill(`${LMS}/auth`);
  await form.getByLabel('Access token URL').fill(`${LMS}/token`);
  await form.getByLabel('Public keyset URL of the LMS').fill(`${LMS}/jwks`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Science Moodle saved')).toBeVisible();
  await expect(section.getByTestId('lti-platform').filter({ hasText: 'Science Moodle' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
}

async function unregister(page: Page) {
  await page.goto('/integrations');
  const row = page.getByTestId('lti-platform').filter({ hasText: 'Science Moodle' });
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
}

/** The learner's account as the framed Gurukul holds it. */
async function framedUserId(lms: Page): Promise<string> {
  const frame = lms
    .frames()
    .find((candidate) => candidate.url().startsWith('http://127.0.0.1') && candidate !== lms.mainFrame());
  if (!frame) throw new Error('no Gurukul frame');
  return frame.evaluate(() => sessionStorage.getItem('userId') ?? localStorage.getItem('userId') ?? '');
}

/** A live course of the institute's teacher with a quiz (a choice worth 2, a long answer worth 3), via the API. */
async function liveCourseWithQuiz(request: APIRequestContext, run: string) {
  const faculty = await apiLogin(request, DEMO.faculty.email);
  const admin = await apiLogin(request, DEMO.admin.email);
  const courseTitle = `Light and Shadows ${run}`;
  const quizTitle = `Shadows quiz ${run}`;
  const courseId = await createCourseViaApi(request, faculty.jwtToken, {
    title: courseTitle,
    description: 'How shadows form.',
  });
  const call = async (url: string, token: string, data?: object) => {
    const answer = await request.post(url, { headers: authHeader(token), data });
    expect(answer.status(), await answer.text()).toBeLessThan(300);
    return answer.json().catch(() => ({}));
  };
  const upload = await request.post(`/api/courses/${courseId}/videos?kind=lesson&title=Shadows`, {
    headers: authHeader(faculty.jwtToken),
    multipart: {
      file: { name: 'shadows.mp4', mimeType: 'video/mp4', buffer: makeTestClip({ seconds: 2 }).bytes },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/courses/${courseId}/videos`, {
          headers: authHeader(faculty.jwtToken),
        });
        return ((await list.json()) as { videos: { status: string }[] }).videos.map((video) => video.status);
      },
      { timeout: 60_000 },
    )
    .toEqual(['ready']);
  const quiz = await call(`/api/quizzes/of-course/${courseId}`, faculty.jwtToken, {
    title: quizTitle,
    instructions: 'Two questions on shadows.',
    timeLimitMinutes: 15,
    attemptsAllowed: 0,
    shuffleQuestions: false,
    shuffleOptions: false,
    displayMode: 'all',
    passPercent: 50,
  });
  await call(`/api/quizzes/${quiz.id}/questions`, faculty.jwtToken, {
    type: 'single',
    prompt: 'What is the darkest part of a shadow called?',
    options: [
      { text: 'The umbra', correct: true },
      { text: 'The penumbra', correct: false },
    ],
    marks: 2,
  });
  await call(`/api/quizzes/${quiz.id}/questions`, faculty.jwtToken, {
    type: 'long',
    prompt: 'Why does an object cast a shadow?',
    marks: 3,
  });
  await call(`/api/courses/${courseId}/submit`, faculty.jwtToken);
  await call(`/api/approvals/${courseId}/approve`, admin.jwtToken, { comment: 'Approved for the LMS.' });
  await apiLogout(request, faculty.jwtToken);
  await apiLogout(request, admin.jwtToken);
  return { courseId, courseTitle, quizTitle };
}

/** A launch carried out without a browser, stopping at Gurukul's answer: the /sso address with its ticket. */
async function launchTicketUrl(request: APIRequestContext, base: string, user: string, name: string) {
  const hint = Buffer.from(JSON.stringify({ user, name, role: 'Learner' })).toString('base64url');
  const login = await request.post('/api/lti/login', {
    form: {
      iss: LMS,
      login_hint: hint,
      target_link_uri: `${base}/subscribed-courses`,
      client_id: TEST_LMS_CLIENT_ID,
      lti_deployment_id: 'deployment-1',
    },
    maxRedirects: 0,
  });
  const answer = await (await request.get(String(login.headers().location))).text();
  const fields = Object.fromEntries(
    [...answer.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]]),
  );
  const launched = await request.post('/api/lti/launch', { form: fields, maxRedirects: 0 });
  return String(launched.headers().location);
}

test('an institute registers its LMS; a learner lands in the institute, twice in the same account; a teacher places a quiz by Deep Linking, a learner takes it in the LMS, the teacher marks it and the LMS gradebook gets the score; the institute adds the course roster', async ({
  page,
  browser,
  request,
}) => {
  await loginAs(page, 'institute');
  // A run stopped half-way (a local re-run) left its registration: take it away first.
  await page.goto('/integrations');
  if (await page.getByTestId('lti-platform').filter({ hasText: 'Science Moodle' }).isVisible())
    await unregister(page);
  await register(page);
  try {
    const learner = await (await browser.newContext()).newPage();
    const course = `${LMS}/course?user=moodle-learner-${RUN}&name=${encodeURIComponent(LEARNER)}&role=Learner`;
    await learner.goto(course);
    const gurukul: FrameLocator = learner.frameLocator('iframe[title="Gurukul"]');
    await expect(gurukul.getByRole('heading', { name: 'Subscribed Courses' })).toBeVisible();
    await expect(gurukul.getByText(LEARNER).first()).toBeVisible();
    const first = await framedUserId(learner);
    expect(first).not.toBe('');

    // A launch's address opened in a browser signed in as someone else asks before it switches accounts.
    const signedIn = await newSession(browser, 'student');
    await signedIn.goto(
      await launchTicketUrl(request, new URL(page.url()).origin, `moodle-other-${RUN}`, 'Mallory Other'),
    );
    await expect(signedIn.getByRole('heading', { name: 'Switch account?' })).toBeVisible();
    await expect(
      signedIn.getByText(`You are signed in as ${DEMO.student.name}.`, { exact: false }),
    ).toBeVisible();
    await signedIn.getByRole('button', { name: `Stay signed in as ${DEMO.student.name}` }).click();
    await expect(signedIn).toHaveURL(/\/subscribed-courses$/);
    expect(
      await signedIn.evaluate(() => sessionStorage.getItem('fullName') ?? localStorage.getItem('fullName')),
    ).toBe(DEMO.student.name);

    // The institute sees its new student.
    await page.goto('/student-list');
    await expect(page.getByText(LEARNER)).toBeVisible();

    // A second launch of the same person, in a fresh browser: the same account.
    const again = await (await browser.newContext()).newPage();
    await again.goto(course);
    await expect(
      again.frameLocator('iframe[title="Gurukul"]').getByRole('heading', { name: 'Subscribed Courses' }),
    ).toBeVisible();
    expect(await framedUserId(again)).toBe(first);

    // Deep Linking: the institute's teacher (their e-mail links the LMS account to theirs) adds a quiz of theirs.
    const { courseTitle, quizTitle } = await liveCourseWithQuiz(request, RUN);
    const teacher = await (await browser.newContext()).newPage();
    await teacher.goto(
      `${LMS}/course?user=moodle-teacher-1&name=Farhan%20Faculty&role=Instructor&mode=deep-link&email=${encodeURIComponent(DEMO.faculty.email)}`,
    );
    const picker = teacher.frameLocator('iframe[title="Gurukul"]');
    await expect(picker.getByRole('heading', { name: 'Add Gurukul to your LMS course' })).toBeVisible();
    await expect(picker.getByText('Pick what Science Moodle should link to.')).toBeVisible();
    await picker.getByRole('checkbox', { name: quizTitle }).check();
    await picker.getByRole('button', { name: 'Add 1 item to the LMS course' }).click();
    // The LMS verified the signed response with Gurukul's keyset, placed the link and made its gradebook column.
    const placedTitle = `${quizTitle} · ${courseTitle}`;
    await expect(picker.getByRole('heading', { name: 'Added to Science, class 7' })).toBeVisible();
    await expect(picker.getByText(`${placedTitle} (graded)`)).toBeVisible();

    // A learner opens the placed quiz in the LMS: enrolled by the launch, they take it inside the frame.
    const taker = `Imran Shaikh ${RUN}`;
    const takerId = `moodle-learner-quiz-${RUN}`;
    const student = await (await browser.newContext()).newPage();
    await student.goto(
      `${LMS}/course?user=${takerId}&name=${encodeURIComponent(taker)}&role=Learner&placed=${encodeURIComponent(placedTitle)}`,
    );
    const quiz = student.frameLocator('iframe[title="Gurukul"]');
    await expect(quiz.getByRole('heading', { name: quizTitle })).toBeVisible();
    await quiz.getByRole('button', { name: 'Start quiz' }).click();
    await quiz.getByRole('radio', { name: 'The umbra' }).check();
    await quiz
      .getByLabel('Answer to question 2')
      .fill('Light travels in straight lines, so an object blocks it.');
    await expect(quiz.getByTestId('save-status')).toHaveText('Saved');
    await quiz.getByRole('button', { name: 'Submit quiz' }).click();
    await quiz.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect(quiz.getByTestId('result-status')).toHaveText('Waiting for marking');

    // The teacher marks the long answer in Gurukul; the LMS's gradebook receives the score on its line item.
    const marker = await newSession(browser, 'faculty');
    await marker.goto('/mark-submission');
    await marker
      .getByTestId('marking-row')
      .filter({ hasText: quizTitle })
      .getByRole('link', { name: taker })
      .click();
    await marker.getByLabel(/^Score for question 2/).fill('3');
    await marker.getByRole('button', { name: 'Save marks' }).click();
    await expect(marker.getByTestId('marking-status')).toHaveText('Marked — passed');
    await expect
      .poll(
        async () => {
          const items = (await (await request.get(`${LMS}/scores`)).json()) as {
            label: string;
            scores: { userId: string; scoreGiven: number; scoreMaximum: number; gradingProgress: string }[];
          }[];
          return items
            .find((item) => item.label === quizTitle)
            ?.scores.find((score) => score.userId === takerId);
        },
        { timeout: 30_000 },
      )
      .toMatchObject({ scoreGiven: 5, scoreMaximum: 5, gradingProgress: 'FullyGraded' });

    // The institute adds the LMS course's learners who never opened Gurukul (Names and Role Provisioning).
    await page.goto('/integrations');
    const lmsCourse = page
      .getByTestId('lti-platform')
      .filter({ hasText: 'Science Moodle' })
      .getByTestId('lti-course')
      .filter({ hasText: 'Science, class 7' });
    await lmsCourse.getByRole('button', { name: 'Add its learners as students: Science, class 7' }).click();
    await expect(
      page.getByText(/^1 student added · \d+ already here · 1 teacher left to their own first launch/),
    ).toBeVisible();
    await page.goto('/student-list');
    await expect(page.getByText('Priya Nair').first()).toBeVisible();
  } finally {
    await unregister(page);
  }
});

test('a launch whose ticket is refused as the app starts says why, and signs no one in', async ({ page }) => {
  // A used or made-up ticket: the app trades it before its first page (app/launch-landing.ts) and, refused, hands
  // over to the /sso page, which shows the server's reason instead of trying again.
  expectFailedResponses({ status: 400, method: 'POST', path: '/api/sso/session' });
  await page.goto('/sso#ticket=made-up-ticket&to=%2Fsubscribed-courses');
  await expect(
    page.getByText('This sign-in has expired or was already used. Please sign in again.'),
  ).toBeVisible();
  // The page took the ticket out of its address (nothing to copy or leave in the history).
  await expect(page).toHaveURL(/\/sso$/);
  expect(
    await page.evaluate(() => localStorage.getItem('jwtToken') ?? sessionStorage.getItem('jwtToken')),
  ).toBeNull();
  // A Hindi reader is told in Hindi, though the app had not started its language yet when it asked.
  await page.evaluate(() => localStorage.setItem('locale', 'hi'));
  await page.goto('about:blank');
  await page.goto('/sso#ticket=another-made-up-ticket-of-length&to=%2Fsubscribed-courses');
  await expect(
    page.getByText('यह साइन-इन समाप्त हो चुका है या पहले ही उपयोग हो चुका है। कृपया फिर से साइन इन करें।'),
  ).toBeVisible();
});
