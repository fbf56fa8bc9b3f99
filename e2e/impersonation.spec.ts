import type { SessionAnswer } from '../common/contracts/auth';
import { DEMO, loginAs } from './support/accounts';
import { authHeader, localStorageOf } from './support/api';
import { expect, expectFailedResponses, type Page, test } from './support/test';

interface SwitchEntry {
  session: Record<string, string>;
  route: string;
}

const stackOf = async (page: Page): Promise<SwitchEntry[]> =>
  JSON.parse((await localStorageOf(page)).switchAccountStack ?? '[]') as SwitchEntry[];

const backButton = (page: Page) => page.getByRole('button', { name: 'Back to Previous User' });
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Side navigation' });

/** POST /api/auth/impersonate from the page, with the stored token in the JSON Authorization header. */
function impersonateFromPage(page: Page, email: string) {
  return page.evaluate(async (target) => {
    const response = await fetch('/api/auth/impersonate', {
      method: 'POST',
      headers: {
        Authorization: JSON.stringify({ jwtToken: localStorage.getItem('jwtToken') }),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email: target }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }, email);
}

test.describe('logging in as another user and back (SPEC §4)', () => {
  test('admin switches into teacher@ from the dashboard and back; the borrowed session ends', async ({
    page,
    request,
  }) => {
    await loginAs(page, 'admin');
    const adminToken = (await localStorageOf(page)).jwtToken;
    await expect(backButton(page)).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Email of the user' }).fill(DEMO.teacher.email);
    await page.getByRole('button', { name: 'Log in as' }).click();
    await expect(page).toHaveURL(/\/guru-list$/);
    await expect(
      page.getByRole('alert').filter({ hasText: `You are now logged in as ${DEMO.teacher.name}` }),
    ).toBeVisible();
    await expect(page.getByTestId('profile-box')).toContainText(DEMO.teacher.name);
    await expect(backButton(page)).toBeVisible();
    // The teacher's navigation, not the admin's.
    await expect(sideNav(page).getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
    await expect(sideNav(page).getByRole('link', { name: 'Invoice', exact: true })).toBeVisible();

    const stored = await localStorageOf(page);
    const stack = await stackOf(page);
    expect(stack).toHaveLength(1);
    expect(stack[0].route).toBe('/dashboard');
    expect(stack[0].session.userType).toBe('admin');
    expect(stored.userType).toBe('teacher');
    const teacherToken = stored.jwtToken;
    expect(teacherToken).not.toBe(adminToken);

    // The server knows who is really acting.
    const me = await request.get('/api/auth/me', { headers: authHeader(teacherToken) });
    expect(me.status()).toBe(200);
    const meBody = (await me.json()) as SessionAnswer;
    expect(meBody.userObj.email).toBe(DEMO.teacher.email);
    expect(meBody.impersonatedBy).toBe(stack[0].session.userId);

    // The switched-into session survives a reload.
    await page.reload();
    await expect(page.getByTestId('profile-box')).toContainText(DEMO.teacher.name);
    await expect(backButton(page)).toBeVisible();

    await backButton(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('profile-box')).toContainText(DEMO.admin.name);
    await expect(backButton(page)).toHaveCount(0);
    await expect(page.getByTestId('approvals-badge')).toHaveText('2');
    expect(await stackOf(page)).toEqual([]);
    const restored = await localStorageOf(page);
    expect(restored.userType).toBe('admin');
    expect(restored.jwtToken).toBe(adminToken);

    // The teacher token used during the switch is revoked; the admin's own still works.
    expect((await request.get('/api/auth/me', { headers: authHeader(teacherToken) })).status()).toBe(401);
    expect((await request.get('/api/auth/me', { headers: authHeader(adminToken) })).status()).toBe(200);
  });

  test('admin cannot switch into an admin (their own account); the error shows under the field', async ({
    page,
  }) => {
    await loginAs(page, 'admin');
    // Both refusals are the server's, on purpose: an admin (403), then nobody (404).
    expectFailedResponses(
      { status: 403, method: 'POST', path: '/api/auth/impersonate' },
      { status: 404, method: 'POST', path: '/api/auth/impersonate' },
    );
    const field = page.getByRole('textbox', { name: 'Email of the user' });
    await field.fill(DEMO.admin.email);
    await page.getByRole('button', { name: 'Log in as' }).click();
    await expect(field).toHaveAccessibleDescription('You cannot log in as this user');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('profile-box')).toContainText(DEMO.admin.name);
    expect((await localStorageOf(page)).switchAccountStack).toBeUndefined();

    await field.fill('nobody-here@gurukul.test');
    await page.getByRole('button', { name: 'Log in as' }).click();
    await expect(field).toHaveAccessibleDescription('User not found');
  });

  test('an institute switches into its faculty member through the API and back', async ({
    page,
    request,
  }) => {
    await loginAs(page, 'institute');
    const instituteToken = (await localStorageOf(page)).jwtToken;

    // Not a teacher of this institute: refused.
    expectFailedResponses({ status: 403, method: 'POST', path: '/api/auth/impersonate' });
    const refused = await impersonateFromPage(page, DEMO.teacher.email);
    expect(refused.status).toBe(403);

    const switched = await impersonateFromPage(page, DEMO.faculty.email);
    expect(switched.status).toBe(200);
    const answer = switched.body as SessionAnswer;
    expect(answer.userObj.fullName).toBe(DEMO.faculty.name);

    // Store it the way web/app/account.ts switchInto does: the current session onto the stack, then the new one.
    await page.evaluate(
      ({ answer, route }) => {
        const keys = [
          'userType',
          'fullName',
          'planName',
          'userId',
          'isFreeTrial',
          'remainingTrialDays',
          'themeColor',
          'instituteId',
          'trialEnded',
          'subscriptionEnded',
          'jwtToken',
          'email',
          'planId',
          'enrollmentDate',
          'isRemember',
          'font',
          'impersonatedBy',
          'themeMode',
        ];
        const snapshot: Record<string, string> = {};
        for (const key of keys) {
          const value = localStorage.getItem(key);
          if (value !== null) snapshot[key] = value;
        }
        const stack = JSON.parse(localStorage.getItem('switchAccountStack') ?? '[]') as unknown[];
        stack.push({ session: snapshot, route });
        const u = answer.userObj;
        const values: Record<string, string | null> = {
          userId: u.userId,
          fullName: u.fullName,
          email: u.email,
          userType: u.userType,
          enrollmentDate: u.enrollmentDate,
          instituteId: u.instituteId ?? 'null',
          planId: u.planId,
          planName: u.planName,
          isFreeTrial: String(u.isFreeTrial),
          remainingTrialDays: u.remainingTrialDays === null ? null : String(u.remainingTrialDays),
          themeMode: u.isDarkTheme ? 'dark' : 'light',
          themeColor: u.themeColor,
          font: u.font,
          trialEnded: String(answer.trialEnded),
          subscriptionEnded: String(answer.subscriptionEnded),
          impersonatedBy: answer.impersonatedBy,
          jwtToken: answer.jwtToken,
        };
        for (const [key, value] of Object.entries(values)) {
          if (value === null) localStorage.removeItem(key);
          else localStorage.setItem(key, value);
        }
        localStorage.setItem('switchAccountStack', JSON.stringify(stack));
      },
      { answer, route: '/course-library-list' },
    );

    await page.goto('/guru-list');
    await expect(page.getByTestId('profile-box')).toContainText(DEMO.faculty.name);
    await expect(backButton(page)).toBeVisible();
    // A faculty member has no Invoice and no plan entry of their own.
    await expect(sideNav(page).getByRole('link', { name: 'Invoice', exact: true })).toHaveCount(0);
    await expect(sideNav(page).getByRole('link', { name: 'Teachers', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /Plan$/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    const me = await request.get('/api/auth/me', { headers: authHeader(answer.jwtToken) });
    expect(((await me.json()) as SessionAnswer).impersonatedBy).toBe(answer.impersonatedBy);
    expect(answer.impersonatedBy).toBeTruthy();

    await backButton(page).click();
    await expect(page).toHaveURL(/\/course-library-list$/);
    await expect(page.getByTestId('profile-box')).toContainText(DEMO.institute.name);
    await expect(backButton(page)).toHaveCount(0);
    await expect(sideNav(page).getByRole('link', { name: 'Teachers', exact: true })).toBeVisible();
    expect(await stackOf(page)).toEqual([]);
    expect((await localStorageOf(page)).jwtToken).toBe(instituteToken);
    expect((await request.get('/api/auth/me', { headers: authHeader(answer.jwtToken) })).status()).toBe(401);
  });
});
