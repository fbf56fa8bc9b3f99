import { DEMO, type DemoKey, loginAs } from './support/accounts';
import { expect, expectFailedResponses, test } from './support/test';

test.describe('every demo account logs in and lands on its home', () => {
  for (const key of Object.keys(DEMO) as DemoKey[]) {
    test(`${key} lands on ${DEMO[key].home}`, async ({ page }) => {
      await loginAs(page, key);
      const pathname = new URL(DEMO[key].home, 'http://x').pathname;
      if (pathname !== '/information') {
        await expect(page.getByTestId('profile-box')).toContainText(DEMO[key].name);
      } else {
        await expect(page.getByRole('heading', { level: 1 })).toContainText('has ended');
      }
    });
  }
});

test('repeated wrong passwords are stopped with one message under the form, and no toast over the page', async ({
  page,
}) => {
  await page.goto('/login');
  // An address nobody has, so the count starts at zero whichever journeys ran before from this machine.
  await page.getByLabel('Email').fill(`nobody-${Date.now()}@gurukul.test`);
  await page.getByLabel(/^Password/).fill('Wrong-password-1');
  const logIn = page.getByRole('button', { name: 'Log in' });
  expectFailedResponses(
    { status: 401, method: 'POST', path: '/api/auth/login' },
    { status: 429, method: 'POST', path: '/api/auth/login' },
  );
  for (let i = 0; i < 5; i++) {
    const answer = page.waitForResponse('**/api/auth/login');
    await logIn.click();
    expect((await answer).status()).toBe(401);
  }
  const locked = page.waitForResponse('**/api/auth/login');
  await logIn.click();
  expect((await locked).status()).toBe(429);
  expect(Number((await locked).headers()['retry-after'])).toBeGreaterThan(0);
  await expect(
    page.getByText('Too many failed attempts. Please wait a few minutes and try again.'),
  ).toHaveCount(1);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});
