import { AUTH_MSG, MSG } from '../common/messages';
import { DEMO, loginAs, newSession } from './support/accounts';
import { apiLogout, authHeader, escapeRegExp, localStorageOf } from './support/api';
import { navItemName } from './support/course-pages';
import { expect, expectFailedResponses, type Page, test } from './support/test';

const at = (path: string) => new RegExp(`^[^?#]*?://[^/]+${escapeRegExp(path)}$`);

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const loginHeading = (page: Page) => page.getByRole('heading', { name: 'Log in', level: 1 });

test.describe('route guards (SPEC §6) and the server deciding', () => {
  test('without a login a protected page goes to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(at('/login'));
    await expect(loginHeading(page)).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(at('/login'));
  });

  test('a role not allowed on a page goes to its own home', async ({ page }) => {
    await loginAs(page, 'student');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(at('/subscribed-courses'));
    await expect(page.getByTestId('profile-box')).toContainText(DEMO.student.name);
    await page.goto('/guru-list');
    await expect(page).toHaveURL(at('/subscribed-courses'));
  });

  test('/teacher-list and /student-list are for institutes: anyone else is told why on the page they land on', async ({
    page,
    browser,
  }) => {
    await loginAs(page, 'teacher');
    await page.goto('/teacher-list');
    await expect(page).toHaveURL(at('/guru-list'));
    const notice = page.getByTestId('denied-notice');
    await expect(notice).toHaveText(
      'The page “Teachers” is for institutes only, so you were brought to your home page.',
    );
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
    await page.goto('/student-list');
    await expect(page.getByTestId('denied-notice')).toContainText('“Students” is for institutes only');
    // Moving on leaves the notice behind; opening one's own page says nothing.
    await page.getByRole('link', { name: navItemName('Course Management') }).click();
    await expect(page.getByTestId('denied-notice')).toBeHidden();
    const institute = await newSession(browser, 'institute');
    await institute.goto('/teacher-list');
    await expect(institute).toHaveURL(at('/teacher-list'));
    await expect(institute.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(institute.getByTestId('denied-notice')).toHaveCount(0);
  });

  test('guest-only pages send a logged-in teacher home, except the login page with a share link', async ({
    page,
  }) => {
    await loginAs(page, 'teacher');
    await page.goto('/login');
    await expect(page).toHaveURL(at('/guru-list'));
    await page.goto('/');
    await expect(page).toHaveURL(at('/guru-list'));
    await page.goto('/sign-up');
    await expect(page).toHaveURL(at('/guru-list'));

    await page.goto('/login?shareToken=abc');
    await expect(loginHeading(page)).toBeVisible();
    await expect(page).toHaveURL(at('/login?shareToken=abc'));
    // Nothing is cleared until the share-link login succeeds.
    expect((await localStorageOf(page)).userType).toBe('teacher');
  });

  test('an unknown path shows the 404 page, logged out and logged in', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(at('/no-such-page'));
    await loginAs(page, 'partner');
    await page.goto('/definitely/not/here');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Take me home' }).click();
    await expect(page).toHaveURL(at(DEMO.partner.home));
  });

  test('a tampered userType shows "LocalStorage Tampered", clears storage and goes to /login', async ({
    page,
  }) => {
    await loginAs(page, 'teacher');
    // Edited before the next page load, the way someone would in the browser's dev tools.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('tamperedOnce')) return;
      sessionStorage.setItem('tamperedOnce', '1');
      localStorage.setItem('userType', 'hacker');
    });
    await page.goto('/course-list');
    await expect(toast(page, MSG.tampered)).toBeVisible();
    await expect(page).toHaveURL(at('/login'));
    await expect(loginHeading(page)).toBeVisible();
    const stored = await localStorageOf(page);
    expect(stored.jwtToken).toBeUndefined();
    expect(stored.userType).toBeUndefined();
    expect(stored.userId).toBeUndefined();
  });

  test('an ended trial holds a teacher on /information except for plan, payment history and invoice', async ({
    page,
  }) => {
    await loginAs(page, 'trialEnded');
    const ended = '/information?page=free-trial-ended';
    await expect(page.getByRole('heading', { name: 'Your free trial has ended' })).toBeVisible();
    for (const path of ['/guru-list', '/profile', '/course-list', '/subscribed-courses']) {
      await page.goto(path);
      await expect(page).toHaveURL(at(ended));
      await expect(page.getByRole('heading', { name: 'Your free trial has ended' })).toBeVisible();
    }
    for (const [path, heading] of [
      ['/plan', 'Plan'],
      ['/payment-history', 'Payment History'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(at(path));
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await page.goto('/invoice');
    await expect(page).toHaveURL(at('/invoice'));
    // The buttons on the information page lead to the same open pages.
    await page.goto(ended);
    await page.getByRole('link', { name: 'Payment History' }).click();
    await expect(page).toHaveURL(at('/payment-history'));
    await expect(page.getByRole('heading', { name: 'Payment History', exact: true })).toBeVisible();
  });

  test('an ended subscription holds an institute on /information?page=subscription-ended', async ({
    page,
  }) => {
    await loginAs(page, 'subscriptionEnded');
    const ended = '/information?page=subscription-ended';
    await expect(page.getByRole('heading', { name: 'Your subscription has ended' })).toBeVisible();
    for (const path of ['/guru-list', '/teacher-list', '/profile']) {
      await page.goto(path);
      await expect(page).toHaveURL(at(ended));
    }
    // Invoices stay reachable while ended, and the ended institute can read its own.
    await page.goto('/invoice');
    await expect(page).toHaveURL(at('/invoice'));
    await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
  });

  test('a forged admin userType opens the admin shell, but the server answers 403 to admin calls', async ({
    page,
  }) => {
    await loginAs(page, 'student');
    await page.evaluate(() => localStorage.setItem('userType', 'admin'));
    // The forged shell asks for admin data; the server refusing it is what this test is about.
    expectFailedResponses({
      status: 403,
      path: /^\/api\/(admin\/|teacher\/course\/approval-counts$|auth\/impersonate$)/,
    });

    const approvalCount = page.waitForResponse((response) =>
      response.url().endsWith('/api/teacher/course/approval-counts'),
    );
    await page.goto('/dashboard');
    expect((await approvalCount).status()).toBe(403);

    // The client-side guard lets the forged role through to the page shell …
    await expect(page).toHaveURL(at('/dashboard'));
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Side navigation' });
    await expect(nav.getByRole('link', { name: navItemName('Approvals') })).toBeVisible();
    // … but no admin data arrives: no badge, no figures, the dashboard says it was refused.
    await expect(page.getByTestId('approvals-badge')).toHaveCount(0);
    await expect(page.getByTestId('dashboard-error')).toHaveText('You are not allowed to do this');
    await expect(page.getByTestId('dashboard-approvals')).toHaveCount(0);

    // Switching into another account is refused by the server too.
    const field = page.getByRole('textbox', { name: 'Email of the user' });
    await field.fill(DEMO.teacher.email);
    const impersonate = page.waitForResponse((response) => response.url().endsWith('/api/auth/impersonate'));
    await page.getByRole('button', { name: 'Log in as' }).click();
    expect((await impersonate).status()).toBe(403);
    await expect(field).toHaveAccessibleDescription('You are not allowed to do this');
    // The developer-access card's list is refused as well, and says so in its own words.
    await expect(page.getByTestId('developer-access')).toContainText('You are not allowed to do this');
    await expect(page).toHaveURL(at('/dashboard'));
    expect((await localStorageOf(page)).switchAccountStack).toBeUndefined();

    // Other admin-only endpoints answer 403 for this token as well.
    const token = (await localStorageOf(page)).jwtToken;
    const outbox = await page.request.get('/api/logs/outbox', { headers: authHeader(token) });
    expect(outbox.status()).toBe(403);
  });

  test('a token revoked elsewhere ends the session with the server message and /login', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await loginAs(page, 'teacher');
    const token = (await localStorageOf(page)).jwtToken;
    expect(token).toBeTruthy();
    // Leave the app before the token is revoked: a request of the open page meeting the revoked token
    // would end the session before the visit this test is about (network idle does not prove the page is
    // done: its scripts may still be starting on a busy machine).
    await page.goto('about:blank');
    // Every call of the page meets the revoked token: the 401s are what this test is about.
    expectFailedResponses({ status: 401, path: /^\/api\// });

    // Another client logs the very same token out.
    const other = await playwright.request.newContext({ baseURL });
    expect(await apiLogout(other, token)).toBe(200);

    // What the server answers for this token now.
    const me = await other.get('/api/auth/me', { headers: authHeader(token) });
    expect(me.status()).toBe(401);
    const { message } = (await me.json()) as { message: string };
    expect(message).toBe(AUTH_MSG.sessionExpired);
    await other.dispose();

    const unauthorized = page.waitForResponse((response) => response.status() === 401);
    await page.goto('/profile');
    await unauthorized;
    await expect(toast(page, message)).toBeVisible();
    await expect(page).toHaveURL(at('/login'));
    await expect(loginHeading(page)).toBeVisible();
    const stored = await localStorageOf(page);
    expect(stored.jwtToken).toBeUndefined();
    expect(stored.userType).toBeUndefined();
  });
});
