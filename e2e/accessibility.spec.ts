import { loginAs } from './support/accounts';
import { seriousViolations, showDark } from './support/page-checks';
import { expect, test } from './support/test';

/**
 * Axe on states the page sweep (e2e/every-page.spec.ts, every route as each role, light and dark) does not
 * reach by opening a page: forms showing their validation messages.
 */
test.describe('no serious or critical accessibility violations (axe) with validation messages showing', () => {
  test('/sign-up', async ({ page }) => {
    await page.goto('/sign-up');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Please accept to our terms and conditions')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/profile, in light and dark mode', async ({ page }) => {
    await loginAs(page, 'teacher');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Please fill this field').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Dark mode here is only local to this page (not saved), so the shared teacher account is unchanged.
    await showDark(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

// The scan every axe check here relies on (e2e/support/page-checks.ts injects axe itself, once per document):
// it must still find a serious violation, in the full scan and in a scan of named rules, and on a second scan of
// the same document, when axe is already there.
test('the axe scan reports a missing text alternative and unreadable contrast', async ({ page }) => {
  await page.goto('/about-us');
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    main.insertAdjacentHTML(
      'beforeend',
      '<img src="/favicon.svg" width="20" height="20"><p style="color:#eee;background:#fff">faint words</p>',
    );
  });
  const full = await seriousViolations(page);
  expect(full.some((found) => found.includes('image-alt'))).toBe(true);
  expect(full.some((found) => found.includes('color-contrast'))).toBe(true);
  const colours = await seriousViolations(page, ['color-contrast']);
  expect(colours.map((found) => found.split(':')[0])).toEqual(['serious color-contrast']);
});
