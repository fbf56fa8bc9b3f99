import { loginAs } from './support/accounts';
import { seriousViolations } from './support/page-checks';
import { expect, type Page, test } from './support/test';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The page scrolls sideways when its content is wider than the window. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

// The e2e server runs with LIFECYCLE_TEST_ROUTES (playwright.config.ts): GET /api/test/fail is a handler that throws.
test('a developer finds a failed request by its request id and sees its error group', async ({
  page,
  request,
}) => {
  const failed = await request.get('/api/test/fail');
  expect(failed.status()).toBe(500);
  expect(await failed.json()).toEqual({ code: 'INTERNAL', message: 'Internal Server Error' });
  const requestId = failed.headers()['x-request-id'];
  expect(requestId).toMatch(UUID);

  // The person reports the id; the demo developer (granted by the admin in the demo) looks it up.
  await loginAs(page, 'developer');
  await page.getByRole('textbox', { name: 'Find a request by its id' }).fill(requestId);
  await expect(page).toHaveURL(new RegExp(`requestId=${requestId}`));
  const row = page.getByTestId('request-log-row').filter({ hasText: requestId });
  // Rows are stored about a second after the answer: a reload asks again (a page load takes seconds on a busy
  // two-core machine, so each try waits long enough for one).
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('request-log-row')).toHaveCount(1);
  await expect(row).toContainText('500');
  await expect(row).toContainText('/api/test/fail');

  await row.click();
  const detail = page.getByTestId('request-detail');
  await expect(detail).toContainText(requestId);
  await expect(detail).toContainText('/api/test/fail');
  await expect(detail).toContainText('unhandled error');
  const group = detail.getByTestId('request-error-group');
  await expect(group).toContainText('Error: lifecycle test failure');
  await expect(group).toContainText('test-routes.ts');

  await group.getByRole('button', { name: 'Open error group' }).click();
  const groupDetail = page.getByTestId('error-group-detail');
  await expect(groupDetail).toContainText('Error: lifecycle test failure');
  await expect(page.getByTestId('error-group-stack')).toContainText('at ');
  await expect(page).toHaveURL(/group=[0-9a-f]{40}/);
  // From the group back to its latest request: the one we reported (nobody else calls this route).
  await groupDetail.getByRole('button', { name: /^Open request / }).click();
  await expect(page.getByTestId('request-detail')).toContainText(requestId);
  await page.keyboard.press('Escape');

  // The Errors tab lists the group.
  await page.getByRole('tab', { name: 'Errors' }).click();
  await expect(
    page.getByTestId('error-group-row').filter({ hasText: 'lifecycle test failure' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('/logs at phone width and in dark mode: tabs, filters and drawers without sideways scroll', async ({
  page,
  request,
}) => {
  // Five tabs, a drawer, an axe scan and the live tail: up to a minute and a half on a busy two-core machine.
  test.slow();
  const failed = await request.get('/api/test/fail');
  const requestId = failed.headers()['x-request-id'];
  await page.setViewportSize({ width: 390, height: 800 });
  await loginAs(page, 'developer');
  for (const tab of ['Requests', 'Server log', 'Errors', 'Jobs', 'Outbox']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    expect(await scrollsSideways(page), tab).toBe(false);
  }
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();

  await page.goto(`/logs?requestId=${requestId}&request=${requestId}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('request-detail')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  expect(await scrollsSideways(page)).toBe(false);

  // Dark mode only on this page (not saved), so the shared developer account is unchanged.
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);

  // The live tail shows a new request as it arrives, without a reload.
  await page.keyboard.press('Escape');
  await page.goto('/logs?route=%2Fapi%2Ftest%2Ffail');
  await page.getByRole('switch', { name: 'Live tail' }).check();
  await expect(page.getByTestId('live-tail')).toBeChecked();
  const before = await page.getByTestId('request-log-row').count();
  const next = (await request.get('/api/test/fail')).headers()['x-request-id'];
  await expect(page.getByTestId('request-log-row').filter({ hasText: next })).toBeVisible({
    timeout: 15_000,
  });
  expect(await page.getByTestId('request-log-row').count()).toBeGreaterThan(before);
});
