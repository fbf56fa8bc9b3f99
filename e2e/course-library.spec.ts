import { LIBRARY_MSG } from '../common/library';
import { makeDemoDeck } from '../server/seed/demo-library';
import { apiLogin, createCourseViaApi, createVerifiedAccount, loginWith } from './support/api';
import { expect, expectFailedResponses, type Page, test } from './support/test';

/**
 * Issue 7, the course library: a new teacher uploads a slide deck (a fake PDF is refused first), edits a
 * narration, deletes a segment, generates the narrated video and watches the progress, plays it with
 * captions, edits one segment and regenerates only that one, is refused deleting the last segment, and
 * adds the video to a course as a lesson.
 */

const segments = (page: Page) => page.getByRole('list', { name: 'Segments' }).getByRole('listitem');
const narration = (page: Page, n: number) =>
  page.getByRole('textbox', { name: `Narration for segment ${n}`, exact: true });

async function expectSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved/, { timeout: 15_000 });
}

test('a teacher turns slides into a narrated video, regenerates one segment and uses it in a course', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const account = await createVerifiedAccount(request, {
    userType: 'teacher',
    fullName: 'Lila Library-Maker',
    prefix: 'library-maker',
  });

  await loginWith(page, account.email, account.password, '/guru-list');
  await page.goto('/course-library-list');
  await expect(page.getByTestId('libraries-empty')).toBeVisible();
  await page.getByRole('link', { name: 'Upload slides' }).first().click();
  await expect(page).toHaveURL(/\/course-library-upload/);

  // Bytes decide: a text file named .pdf is refused with the server's message.
  const title = `Polygons ${stamp}`;
  await page.getByLabel('Title').fill(title);
  await page.locator('input[type=file]').setInputFiles({
    name: 'slides.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('these are my notes, not a PDF\n'.repeat(10)),
  });
  expectFailedResponses({ status: 400, method: 'POST', path: '/api/course-libraries' });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('deck-error')).toHaveText(LIBRARY_MSG.invalidPdf);

  // A real three-slide deck: each page becomes a segment whose narration starts as the slide's text.
  await page.locator('input[type=file]').setInputFiles({
    name: 'polygons.pdf',
    mimeType: 'application/pdf',
    buffer: await makeDemoDeck(),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/course-library-wizard\?id=[0-9a-f-]{36}/, { timeout: 30_000 });
  const libraryId = new URL(page.url()).searchParams.get('id') as string;
  await expect(segments(page)).toHaveCount(3);
  // The slide's title is kept apart from its narration, which starts as the slide's sentences.
  await expect(segments(page).nth(1)).toContainText('Segment 2 · page 2 · Quadrilaterals');
  await expect(narration(page, 2)).toHaveValue('Four sides. Four angles. Angles add up to 360°.');

  // Nobody picked a voice yet: nothing is red before the teacher acts (issue 31); the picker says the voices
  // are this server's own, naming the engines, and how to connect natural ones (decision 059).
  const voice = page.getByRole('combobox', { name: 'Voice', exact: true });
  await expect(voice).toHaveValue('');
  await expect(
    page.getByText(/These are local voices, spoken on this server by Festival, Flite, eSpeak NG/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Integrations page' }).first()).toBeVisible();
  await expect(page.getByText(LIBRARY_MSG.voice)).toHaveCount(0);
  // Leaving the field empty asks for a voice, in the spec's words, before anything is spoken.
  await voice.focus();
  await voice.blur();
  await expect(page.getByText(LIBRARY_MSG.voice)).toBeVisible();
  await voice.click();
  // Local names only: no OpenAI or ElevenLabs name is offered without the service.
  await expect(page.getByRole('option', { name: /^Nova/ })).toHaveCount(0);
  await page.getByRole('option', { name: /^SLT \(Festival\)/ }).click();
  await page.getByRole('combobox', { name: 'Fallback voice' }).click();
  await page.getByRole('option', { name: /^KAL \(Flite\)/ }).click();
  await expectSaved(page);
  // Hear a sample: the chosen voice, spoken by festival's HTS voice.
  const sample = page.waitForResponse((response) => /\/narration-sample$/.test(response.url()));
  await page.getByRole('button', { name: 'Hear a sample of the voice' }).click();
  expect((await sample).headers()['x-speaker']).toBe('festival');

  // Edit the first narration; it is saved on its own.
  await narration(page, 1).fill('A polygon is a closed shape made only of straight sides.');
  await expectSaved(page);
  await expect(page.getByRole('listitem', { name: 'Segment 1' }).getByTestId('segment-estimate')).toHaveText(
    /~\d+ s · 1 credit/,
  );

  // Delete the third segment after confirming.
  await page.getByRole('button', { name: 'Delete segment 3' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete segment' }).click();
  await expect(segments(page)).toHaveCount(2);
  await narration(page, 2).fill('A quadrilateral has four sides and its angles add up to 360 degrees.');
  await expectSaved(page);

  // Generate: the spec's toasts, live progress, then the finished video.
  await page.getByRole('button', { name: 'Generate video' }).click();
  await expect(page.getByText(LIBRARY_MSG.generating).first()).toBeVisible();
  await expect(page.getByText(LIBRARY_MSG.generated).first()).toBeVisible({ timeout: 120_000 });
  const video = page.getByTestId('library-video').locator('video');
  await expect(video).toBeVisible();
  await expect(video.locator('track[kind=captions]')).toHaveAttribute('src', /\.vtt/);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.textTracks.length))
    .toBeGreaterThanOrEqual(1);

  // Edit one segment: only that one is rendered again.
  await narration(page, 2).fill(
    'A quadrilateral has four sides; its four angles always add up to 360 degrees.',
  );
  await expectSaved(page);
  await expect(page.getByTestId('segments-to-render')).toContainText('1');
  const generate = page.waitForResponse((response) =>
    response.url().endsWith(`/api/course-libraries/${libraryId}/generate`),
  );
  await page.getByRole('button', { name: 'Generate video' }).click();
  const queued = (await (await generate).json()) as { segments: { status: string }[] };
  expect(queued.segments.map((segment) => segment.status)).toEqual(['ready', 'pending']);
  await expect(page.getByText(LIBRARY_MSG.generated).first()).toBeVisible({ timeout: 120_000 });

  // Never the last segment: the refusal comes before any dialog.
  await page.getByRole('button', { name: 'Delete segment 2' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete segment' }).click();
  await expect(segments(page)).toHaveCount(1);
  await expectSaved(page);
  await page.getByRole('button', { name: 'Delete segment 1' }).click();
  await expect(page.getByText(LIBRARY_MSG.lastSegment).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(segments(page)).toHaveCount(1);

  // The generated video becomes a course lesson; a lesson without a video chosen is named.
  const session = await apiLogin(request, account.email, account.password);
  const courseId = await createCourseViaApi(request, session.jwtToken, {
    title: `Shapes ${stamp}`,
    description: 'Polygons and their angles.',
  });
  await page.goto(`/add-course-list?courseId=${courseId}&step=course-videos`);
  await page.getByRole('button', { name: 'Add from course library' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add video' }).click();
  await expect(dialog.getByText('Please Select Video For Lesson 1')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Course library video' }).click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
  await dialog.getByRole('button', { name: 'Add video' }).click();
  const row = page.getByTestId('video-row').filter({ hasText: 'Lesson 1' });
  await expect(row.getByTestId('video-status')).toHaveText('ready', { timeout: 60_000 });
  await expect(row.getByText('Captions added')).toBeVisible();
});
