import AxeBuilder from '@axe-core/playwright';
import { loginAs, newSession } from './support/accounts';
import { expect, type Page, test } from './support/test';

/** Serious and critical axe violations, summarised so a failure says what and where. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

test.describe('no serious or critical accessibility violations (axe)', () => {
  test('/login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/sign-up, also with validation messages showing', async ({ page }) => {
    await page.goto('/sign-up');
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Please accept to our terms and conditions')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/profile, logged in, in light and dark mode', async ({ page }) => {
    await loginAs(page, 'teacher');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Font' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // With validation messages showing.
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Please fill this field').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Dark mode here is only local to this page (not saved), so the shared teacher account is unchanged.
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the course library list, upload page and wizard (the demo Polygons library), light and dark', async ({
    page,
  }) => {
    // Six full-page axe scans, each of a page with many controls: about 50 s on a busy two-core machine.
    test.slow();
    await loginAs(page, 'teacher');
    await page.goto('/course-library-list');
    await expect(page.getByRole('article', { name: 'Polygons' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/course-library-upload');
    await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/course-library-list');
    await page.getByRole('link', { name: 'Open Polygons' }).click();
    await expect(page.getByRole('listitem', { name: 'Segment 3' })).toBeVisible();
    await expect(page.getByTestId('library-video')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the people pages: the dashboard, the students list and an account page, and an institute's students", async ({
    page,
    browser,
  }) => {
    test.slow();
    await loginAs(page, 'admin');
    await expect(page.getByTestId('figure-students')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/students');
    await expect(page.getByTestId('people-table')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('people-table').getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
    expect(await seriousViolations(page)).toEqual([]);

    const institute = await newSession(browser, 'institute');
    await institute.goto('/student-list');
    await expect(institute.getByTestId('people-table')).toBeVisible();
    expect(await seriousViolations(institute)).toEqual([]);
    await institute.context().close();
  });
});
