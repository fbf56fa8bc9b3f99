import { readFileSync } from 'node:fs';
import { newSession } from './support/accounts';
import { authHeader, createVerifiedAccount, loginWith } from './support/api';
import { seriousViolations } from './support/page-checks';
import { qrCodesInPdf } from './support/qr-codes';
import { answersSaved, startQuizFromCourse, submitQuiz } from './support/quiz-pages';
import { type APIRequestContext, expect, type Locator, test } from './support/test';
import { playMuted } from './support/video';

/**
 * Issue 36 told in one go (decision 079): a new student completes the demo course — every lesson watched in the
 * real player, the quiz taken in the browser and passed once the teacher has marked its long answer — gets the
 * certificate with a name in Devanagari, reads the QR code out of the PDF, and finds the public page (no session)
 * saying valid; the teacher revokes it with a reason and the page says revoked, without the reason.
 *
 * The demo course's default rules apply (no saved rules): 90 % of each of its six lessons, its one quiz
 * ("Geometry check", 12 marks, pass mark 60 %) passed. Each run is a new student, so runs repeat on the same data.
 */

const DEMO_COURSE = 'Foundations of Geometry';
const QUIZ = 'Geometry check';
const PRINTED_NAME = 'अनन्या शर्मा';
const LONG_ANSWER = 'A line goes on for ever both ways; a segment stops at two end points.';
const REASON = 'Issued by mistake: the quiz was taken by someone else.';
/** Chromium's fastest playback: about ten minutes of lessons play in well under a minute. */
const FAST = 16;

/** The demo course's id and its lessons (titles and lengths), as the student's course player reads them. */
async function demoCourse(request: APIRequestContext, token: string) {
  const list = await request.get('/api/learning/subscriptions', { headers: authHeader(token) });
  expect(list.status(), await list.text()).toBe(200);
  const course = ((await list.json()) as { courses: { id: string; title: string }[] }).courses.find(
    (each) => each.title === DEMO_COURSE,
  );
  expect(course, 'the student is subscribed to the demo course').toBeTruthy();
  const detail = await request.get(`/api/learning/courses/${course?.id}`, { headers: authHeader(token) });
  const { lessons } = (await detail.json()) as { lessons: { title: string; durationSeconds: number }[] };
  return { courseId: course?.id as string, lessons };
}

/** Plays the open lesson to its end at FAST speed, muted, as a learner with a fast-forward would. */
async function playToEnd(player: Locator, seconds: number): Promise<void> {
  // The default rate too: attaching the stream (hls.js) reloads the media element, which resets the rate to it.
  await player.evaluate((video: HTMLVideoElement, rate) => {
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
  }, FAST);
  await playMuted(player);
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.ended), {
      // Its length at FAST speed, with room for a loaded machine's stalls.
      timeout: 20_000 + (seconds / FAST) * 3_000,
    })
    .toBe(true);
}

test('a new student earns the demo course’s certificate, its QR code opens the valid page, and a revocation shows', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  // Six lessons played, a quiz taken and marked in two browsers, a PDF read: more than the default minute and a half.
  test.slow();

  // A new student (sign-up and the mailed link through the API) subscribes from the catalog.
  const student = await createVerifiedAccount(request, {
    userType: 'student',
    fullName: 'Ananya Sharma',
    prefix: 'certificate-student',
  });
  await loginWith(page, student.email, student.password, '/subscribed-courses');
  await page.goto('/explore-new-courses');
  await page.getByLabel('Search courses').fill(DEMO_COURSE);
  await page
    .getByTestId('catalog-card')
    .filter({ hasText: DEMO_COURSE })
    .getByRole('button', { name: /^View/ })
    .click();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page).toHaveURL(/\/subscribed-courses\?courseId=[\w-]+$/);
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  const { courseId, lessons } = await demoCourse(request, token);
  expect(lessons).toHaveLength(6);

  // The certificate card lists what the course asks for: each lesson and the quiz, none done yet.
  const card = page.getByTestId('certificate-card');
  const rules = card.getByTestId('certificate-rules');
  await expect(
    rules.getByRole('listitem'),
    'the demo course as seeded: six lessons and one quiz (quiz-taking.spec.ts adds one on the same data)',
  ).toHaveCount(lessons.length + 1);
  await expect(rules.getByLabel('Not done yet')).toHaveCount(lessons.length + 1);
  await expect(rules).toContainText(`Score 60% in “${QUIZ}” (not taken yet)`);
  await expect(card.getByRole('button', { name: 'Get my certificate' })).toHaveCount(0);

  // Every lesson watched in the real player, sped up from the test: the player saves the played ranges itself
  // (PUT /api/learning/videos/:id/progress on pause and end) and the server counts them, as for any learner.
  const player = page.getByTestId('video-player');
  for (const [index, lesson] of lessons.entries()) {
    await expect(player).toHaveAttribute('aria-label', lesson.title);
    await playToEnd(player, lesson.durationSeconds);
    const rule = rules.getByRole('listitem').filter({ hasText: `“${lesson.title}”` });
    await expect(rule).toContainText(/\(watched (9\d|100)%\)/);
    await expect(rule.getByLabel('Done')).toBeVisible();
    const upNext = page.getByTestId('up-next');
    if (index < lessons.length - 1) await upNext.getByRole('button', { name: 'Play next lesson' }).click();
    else await expect(upNext).toContainText('That was the last lesson.');
  }
  await expect(rules.getByLabel('Not done yet')).toHaveCount(1);

  // The quiz in the browser: every auto-graded answer right (6 of 12 marks), the long answer for the teacher,
  // the file answer left out.
  await startQuizFromCourse(page, { courseId, title: QUIZ, questionCount: 6 });
  await page.getByRole('radio', { name: '180', exact: true }).check();
  await answersSaved(page);
  await page.getByRole('button', { name: 'Next' }).click();
  for (const kind of ['Acute', 'Right', 'Obtuse'])
    await page.getByRole('checkbox', { name: kind, exact: true }).check();
  await answersSaved(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'False', exact: true }).check();
  await answersSaved(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Answer to question 4').fill('Equilateral');
  await answersSaved(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Answer to question 5').fill(LONG_ANSWER);
  await answersSaved(page);
  await submitQuiz(page, '1 question is unanswered.');
  await expect(page.getByTestId('result-status')).toHaveText('Waiting for marking');
  await expect(page.getByTestId('result-score')).toHaveText('6 / 12');

  // The teacher marks the long answer in another browser: 10 of 12, passed.
  const teacher = await newSession(browser, 'teacher');
  // The demo course's waiting attempts only (oldest first, 20 a page): other journeys' attempts stay off the page.
  await teacher.goto(`/mark-submission?courseId=${courseId}`);
  const markingRow = teacher
    .getByTestId('marking-row')
    .filter({ hasText: student.email })
    .filter({ hasText: QUIZ });
  await markingRow.getByRole('link', { name: student.fullName }).click();
  await expect(teacher).toHaveURL(/\/mark-submission\?attemptId=/);
  await expect(teacher.getByText(LONG_ANSWER)).toBeVisible();
  await teacher.getByLabel(/^Score for question 5/).fill('4');
  await teacher.getByRole('button', { name: 'Save marks' }).click();
  await expect(teacher.getByTestId('marking-status')).toHaveText('Marked — passed');
  await expect(teacher.getByTestId('marking-score')).toHaveText('10 / 12');
  await expect(page.getByTestId('result-status')).toHaveText('Passed');

  // Back on the course page every rule is done; the student asks for the certificate with the name in Devanagari.
  await page.goto(`/subscribed-courses?courseId=${courseId}`);
  await expect(rules.getByLabel('Done')).toHaveCount(lessons.length + 1);
  await expect(rules).toContainText(`Score 60% in “${QUIZ}” (best so far 83.3%)`);
  await expect(card).toContainText('You have met every rule of this course.');
  await card.getByRole('button', { name: 'Get my certificate' }).click();
  const claim = page.getByRole('dialog', { name: 'Your name on the certificate' });
  await expect(claim.getByLabel(/^Name to print/)).toHaveValue(student.fullName);
  await claim.getByLabel(/^Name to print/).fill(PRINTED_NAME);
  await claim.getByRole('button', { name: 'Issue my certificate' }).click();
  await expect(claim).toBeHidden();
  await expect(card.getByText('Issued', { exact: true })).toBeVisible();
  await expect(card).toContainText(`Issued to ${PRINTED_NAME} on`);
  await expect(card.getByRole('link', { name: 'Add to LinkedIn profile' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.linkedin\.com\//,
  );
  const verifyLink = card.getByRole('link', { name: 'Public verification page' });
  const verifyPath = (await verifyLink.getAttribute('href')) as string;
  expect(verifyPath).toMatch(/^\/certificate\/[a-z2-7]{24}$/);
  const verifyUrl = `${baseURL}${verifyPath}`;

  // The PDF from the Download PDF button: its QR code (an embedded image) is the public page's address.
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const scanned = await qrCodesInPdf(pdf);
  expect(scanned).toEqual([verifyUrl]);

  // Someone with no session scans it: the page says valid, with the name and the course.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(scanned[0]);
  const status = visitor.getByTestId('certificate-status');
  await expect(status).toHaveAttribute('data-status', 'valid');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Valid certificate');
  await expect(visitor.getByTestId('certificate-name')).toHaveText(PRINTED_NAME);
  await expect(visitor.getByTestId('certificate-course')).toHaveText(DEMO_COURSE);
  await expect(visitor.getByTestId('certificate-issuer')).not.toBeEmpty();
  await expect(visitor.getByTestId('certificate-date')).not.toBeEmpty();
  expect(await seriousViolations(visitor)).toEqual([]);
  // The server fills in the link preview a shared link shows (the page itself is drawn in the browser).
  const html = await (await request.get(verifyPath)).text();
  expect(html).toContain(`<meta property="og:title" content="Certificate: ${DEMO_COURSE}" />`);
  expect(html).toContain('<meta name="robots" content="noindex" />');

  // The teacher finds the certificate among the course's issued ones and revokes it with a reason.
  await teacher.goto(`/view-course?courseId=${courseId}`);
  await expect(teacher.getByRole('heading', { name: 'Certificates issued' })).toBeVisible();
  await teacher
    .getByRole('textbox', { name: 'Search by name, e-mail or certificate number' })
    .fill(PRINTED_NAME);
  // Earlier runs on the same data issued certificates with the same name: the row is this student's.
  const row = teacher.getByTestId('issued-table').getByRole('row').filter({ hasText: student.email });
  await expect(row).toContainText(PRINTED_NAME);
  await expect(row).toContainText('Valid');
  await row.getByRole('button', { name: 'Revoke' }).click();
  const revoke = teacher.getByRole('dialog', { name: `Revoke the certificate of ${PRINTED_NAME}?` });
  await revoke.getByLabel(/^Reason/).fill(REASON);
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(revoke).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

  // The public page says revoked at once, and keeps the reason to itself (the learner is e-mailed it).
  await visitor.reload();
  await expect(status).toHaveAttribute('data-status', 'revoked');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Revoked certificate');
  await expect(visitor.getByTestId('certificate-name')).toHaveText(PRINTED_NAME);
  // The signed credential still checks (the record is genuine): the page says it is revoked all the same.
  await expect(visitor.getByTestId('revoked-credential-note')).toContainText('no longer valid');
  await expect(visitor.locator('body')).not.toContainText(REASON);
  const publicAnswer = await request.get(`/api/certificates/verify/${verifyPath.split('/').pop()}`);
  expect(await publicAnswer.text()).not.toContain(REASON.slice(0, 20));

  // The student's own card says revoked too, and their list of certificates gives the reason.
  await page.reload();
  await expect(card.getByText('Revoked', { exact: true })).toBeVisible();
  await page.goto('/certificates');
  await expect(page.getByRole('heading', { name: 'My Certificates' })).toBeVisible();
  const mine = page.getByTestId('my-certificate').filter({ hasText: DEMO_COURSE });
  await expect(mine).toContainText('Revoked');
  await expect(mine).toContainText(`Revoked by the issuer. Reason: ${REASON}`);
  await teacher.context().close();
  await visitor.context().close();
});
