import type { FrameLocator, Page } from '@playwright/test';
import { TEST_LMS_CLIENT_ID, TEST_LMS_PORT } from '../playwright.config';
import { DEMO, loginAs } from './support/accounts';
import { apiLogin, apiLogout, createCourseViaApi } from './support/api';
import { seriousViolations } from './support/page-checks';
import { expect, test } from './support/test';

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

test('an institute registers its LMS; a learner launches Gurukul inside it and lands in the institute, twice in the same account; a teacher places a course by Deep Linking', async ({
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

    // Deep Linking: the institute's teacher (their e-mail links the LMS account to theirs) adds a course of theirs.
    const faculty = await apiLogin(request, DEMO.faculty.email);
    const title = `Light and Shadows ${Date.now().toString(36)}`;
    const courseId = await createCourseViaApi(request, faculty.jwtToken, {
      title,
      description: 'How shadows form.',
    });
    await apiLogout(request, faculty.jwtToken);
    const teacher = await (await browser.newContext()).newPage();
    await teacher.goto(
      `${LMS}/course?user=moodle-teacher-1&name=Farhan%20Faculty&role=Instructor&mode=deep-link&email=${encodeURIComponent(DEMO.faculty.email)}`,
    );
    const picker = teacher.frameLocator('iframe[title="Gurukul"]');
    await expect(picker.getByRole('heading', { name: 'Add Gurukul to your LMS course' })).toBeVisible();
    await expect(picker.getByText('Pick what Science Moodle should link to.')).toBeVisible();
    await picker.getByRole('checkbox', { name: title }).check();
    await picker.getByRole('button', { name: 'Add 1 item to the LMS course' }).click();
    // The LMS verified the signed response with Gurukul's keyset and placed the link.
    await expect(picker.getByRole('heading', { name: 'Added to Science, class 7' })).toBeVisible();
    await expect(picker.getByText(title)).toBeVisible();
    const placed = (await (await request.get(`${LMS}/placed`)).json()) as { url: string; title: string }[];
    const link = placed.find((item) => item.title === title);
    expect(link?.url).toBe(`${new URL(page.url()).origin}/subscribed-courses?courseId=${courseId}`);
  } finally {
    await unregister(page);
  }
});
