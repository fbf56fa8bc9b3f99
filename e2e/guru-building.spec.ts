import { demoGuruPortrait } from '../server/seed/demo-portrait';
import { apiLogin, createCourseViaApi, createVerifiedAccount, loginWith } from './support/api';
import { expect, expectFailedResponses, test } from './support/test';

/**
 * Issue 6, building a guru: a freshly signed-up teacher with a course builds a guru through every step of
 * the wizard (information, courses, avatar and voices, introduction, demo questions, FAQ), trains it and
 * sees it ready on the gurus page.
 */
test('a new teacher builds a guru in the wizard, trains it and sees it ready', async ({ page, request }) => {
  // A long journey: three times the default (playwright.config.ts).
  test.slow();
  const stamp = Date.now().toString(36);
  const account = await createVerifiedAccount(request, {
    userType: 'teacher',
    fullName: 'Gita Guru-Builder',
    prefix: 'guru-builder',
  });
  const session = await apiLogin(request, account.email, account.password);
  const courseTitle = `Triangles ${stamp}`;
  await createCourseViaApi(request, session.jwtToken, {
    title: courseTitle,
    description: 'Angles, sides and the sum of the angles of a triangle.',
  });

  await loginWith(page, account.email, account.password, '/guru-list');
  await expect(page.getByTestId('gurus-empty')).toBeVisible();
  await page.getByRole('link', { name: 'Create guru' }).click();

  // Step 1: training information, each field validated when it is left.
  await expect(page).toHaveURL(/\/training-guru\?step=training-information/);
  const name = page.getByLabel(/^Name/);
  await name.fill('x');
  await name.fill('');
  await name.blur();
  await expect(page.getByText('Please fill this field').first()).toBeVisible();
  await name.fill(`Triangle Guru ${stamp}`);
  await page.getByLabel(/^Subject/).fill('Triangles');
  await page.getByLabel(/^Instructions/).fill('Answer briefly and kindly.');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Guru saved')).toBeVisible();

  // Step 2: the teacher's course.
  await expect(page).toHaveURL(/guruId=[0-9a-f-]{36}.*step=course-videos/);
  await page.getByRole('checkbox', { name: courseTitle }).check();
  await page.getByRole('button', { name: 'Save courses' }).click();
  await expect(page.getByText('Courses and videos saved')).toBeVisible();

  // Step 3: a static avatar needs a picture first; then voices.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=avatar-information/);
  // Local voices by their speakers' names, each with what it is (decision 059).
  await page.getByRole('combobox', { name: /^Voice/ }).click();
  await page.getByRole('option', { name: /^SLT \(Festival\)/ }).click();
  await page.getByRole('combobox', { name: /^Fallback voice/ }).click();
  await page.getByRole('option', { name: /^RMS \(Flite\)/ }).click();
  // "Hear a sample" speaks in the chosen voice: a WAV from the local voice for nova (festival's SLT).
  const sample = page.waitForResponse(
    (response) =>
      /\/api\/gurus\/[^/]+\/speech$/.test(response.url()) &&
      (response.request().postData() ?? '').includes('"voice":"nova"'),
  );
  await page.getByRole('button', { name: 'Hear a sample of the voice' }).click();
  const spoken = await sample;
  expect(spoken.status()).toBe(200);
  expect(spoken.headers()['content-type']).toContain('audio/mpeg');
  expect(spoken.headers()['x-speaker']).toBe('festival');
  expectFailedResponses({ status: 400, method: 'PUT', path: /^\/api\/gurus\/[^/]+\/avatar$/ });
  await page.getByRole('button', { name: 'Save avatar' }).click();
  await expect(page.getByText('Please upload your image to use static avatar.')).toBeVisible();
  await page
    .locator('input[type=file][accept^="image/"]')
    .setInputFiles({ name: 'guru.png', mimeType: 'image/png', buffer: demoGuruPortrait(128) });
  await expect(page.getByText('Picture saved')).toBeVisible();
  await page.getByRole('button', { name: 'Save avatar' }).click();
  await expect(page.getByText('Avatar saved')).toBeVisible();

  // Content tabs: introduction, a demo question and an FAQ entry the guru learns from.
  await page.getByRole('textbox', { name: 'Introduction text' }).fill('Hello! Ask me about triangles.');
  await page.getByRole('button', { name: 'Save introduction' }).click();
  await expect(page.getByText('Introduction saved')).toBeVisible();

  await page.getByRole('tab', { name: /Demo questions/ }).click();
  await expect(page).toHaveURL(/tab=demo/);
  await page.getByRole('button', { name: 'Add demo question' }).click();
  await page.getByLabel(/^Question 1/).fill('What do the angles of a triangle add up to?');
  await page.getByLabel(/^Answer 1/).fill('180 degrees.');
  await page.getByRole('button', { name: 'Save demo questions' }).click();
  await expect(page.getByText('Demo questions saved')).toBeVisible();

  await page.getByRole('tab', { name: /FAQ/ }).click();
  await page.getByRole('button', { name: 'Add FAQ entry' }).click();
  await page.getByLabel(/^Question 1/).fill('What is an isosceles triangle?');
  await page.getByLabel(/^Answer 1/).fill('A triangle with two sides of the same length.');
  await page.getByRole('button', { name: 'Save FAQ' }).click();
  await expect(page.getByText('FAQ saved')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'FAQ (1)' })).toBeVisible();

  // Train: progress arrives live; the guru ends ready.
  await page.getByRole('button', { name: 'Train', exact: true }).click();
  const panel = page.getByTestId('train-panel');
  await expect(panel.getByTestId('guru-status')).toHaveText('Ready', { timeout: 60_000 });
  await expect(panel.getByRole('link', { name: 'Test' })).toBeVisible();

  await page.getByRole('link', { name: 'All gurus' }).click();
  const card = page.getByTestId('guru-card').filter({ hasText: `Triangle Guru ${stamp}` });
  await expect(card.getByTestId('guru-status')).toHaveText('Ready');
  await expect(card.getByText(`Learns from ${courseTitle}`)).toBeVisible();
  // The trial allows one guru: creating another waits for an upgrade, locked like every plan-gated control.
  const create = page.getByRole('button', { name: 'Create guru' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(/^Your plan allows 1 guru\. Upgrade your plan/);
  await expect(page.getByTestId('plan-lock').getByRole('link', { name: 'Upgrade your plan' })).toBeVisible();
});
