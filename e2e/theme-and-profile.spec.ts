import { FONTS } from '../common/fonts';
import { AUTH_MSG, MSG } from '../common/messages';
import { THEME_COLORS } from '../common/theme-colors';
import { DEMO, loginAs } from './support/accounts';
import { authHeader, createVerifiedAccount, localStorageOf, loginWith } from './support/api';
import { expect, expectFailedResponses, type Page, test } from './support/test';

const TEAL = THEME_COLORS.find((color) => color.key === 'teal') ?? THEME_COLORS[0];
const colorScheme = (page: Page) => page.locator('html');

async function openProfileMenu(page: Page) {
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Flips the Dark mode item of the profile menu and waits for the profile update to be saved. */
async function switchDarkMode(page: Page, on: boolean): Promise<void> {
  const menu = await openProfileMenu(page);
  const item = menu.getByRole('menuitemcheckbox', { name: 'Dark mode' });
  await expect(item).toHaveAttribute('aria-checked', String(!on));
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && /\/api\/common\/user-info\/[^/]+$/.test(response.url()),
  );
  await item.click();
  expect((await saved).status()).toBe(200);
  await expect(item).toHaveAttribute('aria-checked', String(on));
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

async function logoutThroughMenu(page: Page): Promise<void> {
  const menu = await openProfileMenu(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
}

test.describe('theme and profile', () => {
  test('dark mode chosen in the profile menu is saved to the profile and follows the user', async ({
    page,
    browser,
  }) => {
    await loginAs(page, 'student');
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

    await switchDarkMode(page, true);
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect((await localStorageOf(page)).themeMode).toBe('dark');

    // Public pages keep the light "home" theme even for a user who chose dark.
    await page.goto('/information');
    await expect(page.getByRole('heading', { name: 'Your free trial has ended' })).toBeVisible();
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.goto('/subscribed-courses');
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

    // Logout clears local storage; the login page is light.
    await logoutThroughMenu(page);
    expect(await localStorageOf(page)).toEqual({});
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

    // The next person logging in on this tab gets their own (light) mode, not the previous user's.
    await loginAs(page, 'partner');
    await expect(page.getByTestId('profile-box')).toContainText(DEMO.partner.name);
    await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

    // A new browser knows nothing locally: the dark mode comes from the saved profile.
    const context = await browser.newContext();
    const other = await context.newPage();
    await loginAs(other, 'student');
    await expect(colorScheme(other)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect((await localStorageOf(other)).themeMode).toBe('dark');

    // Switch it off again, so the shared demo student is left as it was.
    await switchDarkMode(other, false);
    await expect(colorScheme(other)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await context.close();
  });

  test('theme colour and font chosen on /profile are saved and survive a reload and a new login', async ({
    page,
    browser,
    request,
  }) => {
    const account = await createVerifiedAccount(request, {
      userType: 'student',
      fullName: 'Tanya Themer',
      prefix: 'themer',
    });
    await loginWith(page, account.email, account.password, '/subscribed-courses');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();

    const colours = page.getByRole('radiogroup', { name: 'Theme colour' });
    await expect(colours.getByRole('radio')).toHaveCount(11);
    await expect(colours.getByRole('radio', { name: 'Royal Indigo' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await colours.getByRole('radio', { name: TEAL.name }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Theme colour saved' })).toBeVisible();
    await expect(colours.getByRole('radio', { name: TEAL.name })).toHaveAttribute('aria-checked', 'true');
    await expect(colours.getByRole('radio', { name: 'Royal Indigo' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    const font = page.getByRole('combobox', { name: 'Font' });
    await font.click();
    await font.fill('Bitt');
    await page.getByRole('option', { name: 'Bitter', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Font saved' })).toBeVisible();
    await expect(font).toHaveValue('Bitter');

    const applied = async (target: Page) => {
      await expect(target.getByRole('radio', { name: TEAL.name })).toHaveAttribute('aria-checked', 'true');
      await expect(target.getByRole('combobox', { name: 'Font' })).toHaveValue('Bitter');
      // The choice is applied to the whole app: primary colour and font family.
      await expect
        .poll(() =>
          target.evaluate(() => {
            const style = getComputedStyle(document.documentElement);
            const value = (name: string) => style.getPropertyValue(name).trim();
            const primary = value('--mantine-primary-color-filled');
            return {
              primaryIsTeal: primary === value('--mantine-color-teal-filled'),
              primaryIsIndigo: primary === value('--mantine-color-indigo-filled'),
            };
          }),
        )
        .toEqual({ primaryIsTeal: true, primaryIsIndigo: false });
      await expect
        .poll(() => target.evaluate(() => getComputedStyle(document.body).fontFamily))
        .toContain('Bitter');
      // The font itself is there (self-hosted, issue 19 item 1), not a fallback: its faces loaded from our origin,
      // and no other family of the 34 was fetched. (The Indic Noto families load for any Devanagari on the page, and
      // the default font's local stand-ins are no download: neither is one of the 34.)
      await expect
        .poll(() =>
          target.evaluate(
            async (fonts) => {
              await document.fonts.ready;
              const loaded = [...document.fonts].filter((face) => face.status === 'loaded');
              return {
                bitter: loaded.some((face) => face.family.replace(/"/g, '') === 'Bitter'),
                check: document.fonts.check('16px "Bitter"'),
                others: [...new Set(loaded.map((face) => face.family.replace(/"/g, '')))].filter(
                  (family) => family !== 'Bitter' && fonts.includes(family),
                ),
              };
            },
            FONTS as readonly string[],
          ),
        )
        .toEqual({ bitter: true, check: true, others: [] });
    };

    await page.reload();
    await applied(page);

    // Saved on the server: a new browser gets the same after logging in.
    const context = await browser.newContext();
    const other = await context.newPage();
    await loginWith(other, account.email, account.password, '/subscribed-courses');
    await other.goto('/profile');
    await applied(other);
    await context.close();
  });

  test('changing the password on /profile: mismatch, wrong current password, success and next login', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request, {
      userType: 'teacher',
      fullName: 'Pranav Passwordchanger',
      prefix: 'pw-change',
    });
    // A second session elsewhere, to see that it ends with the change.
    const elsewhere = await request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    const elsewhereToken = ((await elsewhere.json()) as { jwtToken: string }).jwtToken;

    await loginWith(page, account.email, account.password, '/guru-list');
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Change password' });
    const current = section.getByLabel(/^Current Password/);
    const next = section.getByLabel(/^New Password/);
    const confirm = section.getByLabel(/^Confirm Password/);
    const submit = section.getByRole('button', { name: 'Change password' });

    await current.fill(account.password);
    await next.fill('Changed2026');
    await confirm.fill('Changed2027');
    await confirm.blur();
    await expect(confirm).toHaveAccessibleDescription(MSG.confirmPassword);
    await confirm.fill('Changed2026');
    await expect(section.getByText(MSG.confirmPassword)).toHaveCount(0);

    await current.fill('NotMyPassword1');
    expectFailedResponses({ status: 400, method: 'PUT', path: '/api/auth/change-password' });
    await submit.click();
    await expect(current).toHaveAccessibleDescription(AUTH_MSG.wrongCurrentPassword);
    // Nothing changed: the other session still works.
    expect((await request.get('/api/auth/me', { headers: authHeader(elsewhereToken) })).status()).toBe(200);

    await current.fill(account.password);
    await submit.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Password changed. Other devices have been logged out.' }),
    ).toBeVisible();
    await expect(current).toHaveValue('');
    // This tab carries on with a fresh token; the other session has ended.
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-box')).toContainText(account.fullName);
    expect((await request.get('/api/auth/me', { headers: authHeader(elsewhereToken) })).status()).toBe(401);

    // Logout clears local storage and lands on /login.
    await logoutThroughMenu(page);
    expect(await localStorageOf(page)).toEqual({});

    // The old password is refused, the new one works.
    expectFailedResponses({ status: 401, method: 'POST', path: '/api/auth/login' });
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: AUTH_MSG.invalidLogin })).toBeVisible();
    await loginWith(page, account.email, 'Changed2026', '/guru-list');
    await expect(page.getByTestId('profile-box')).toContainText(account.fullName);
    expect(DEMO.teacher.email).not.toBe(account.email);
  });
});
