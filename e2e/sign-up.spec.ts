import { AUTH_MSG, MSG } from '../common/messages';
import { escapeRegExp, loginWith, mailedLinkViaLogsPage, uniqueEmail } from './support/api';
import { expect, expectFailedResponses, type Locator, type Page, test } from './support/test';

const ALL_MESSAGES = [...Object.values(MSG), ...Object.values(AUTH_MSG)].filter(
  (text) => typeof text === 'string',
) as string[];
const ANY_MESSAGE = new RegExp(ALL_MESSAGES.map(escapeRegExp).join('|'));

/** The message shows under the field and belongs to it (it is the field's accessible description). */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  await expect(field.page().getByText(message, { exact: true })).toBeVisible();
}

async function expectFieldValid(field: Locator): Promise<void> {
  await expect(field).not.toHaveAccessibleDescription(ANY_MESSAGE);
}

function signUpForm(page: Page) {
  return {
    role: page.getByRole('combobox', { name: /^I am a/ }),
    fullName: page.getByRole('textbox', { name: /^Full name/ }),
    email: page.getByRole('textbox', { name: /^Email/ }),
    password: page.getByLabel(/^Password/),
    confirm: page.getByLabel(/^Confirm password/),
    terms: page.getByRole('checkbox', { name: /terms and conditions/ }),
    submit: page.getByRole('button', { name: 'Sign up' }),
  };
}

async function chooseRole(page: Page, label: string): Promise<void> {
  await signUpForm(page).role.click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(signUpForm(page).role).toHaveValue(label);
}

test.describe('sign-up, e-mail verification and password reset', () => {
  test('sign-up validation messages appear as the fields change (SPEC §5)', async ({ page }) => {
    await page.goto('/sign-up');
    const form = signUpForm(page);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    // A value is checked when it is committed: the field is left (e2e/form-validation.spec.ts has the rest).
    const enter = async (field: Locator, value: string) => {
      await field.fill(value);
      await field.blur();
    };

    await enter(form.fullName, 'Ravi');
    await expectFieldValid(form.fullName);
    await enter(form.fullName, '');
    await expectFieldError(form.fullName, MSG.required);

    await enter(form.email, 'abc');
    await expectFieldError(form.email, MSG.email);
    await enter(form.email, 'ravi@example.com');
    await expectFieldValid(form.email);

    await enter(form.password, 'abc');
    await expectFieldError(form.password, MSG.password);
    await enter(form.password, 'Abcdefgh12345678');
    await expectFieldError(form.password, MSG.passwordTooLong);
    await enter(form.password, 'Teacher2026');
    await expectFieldValid(form.password);

    // The mismatch shows when the field is left, even while other fields (name, role, terms) are unfinished.
    await enter(form.confirm, 'Teacher2027');
    await expectFieldError(form.confirm, MSG.confirmPassword);
    await enter(form.confirm, 'Teacher2026');
    await expectFieldValid(form.confirm);

    // Submitting with no role chosen, terms accepted.
    await form.fullName.fill('Ravi Kumar');
    await form.terms.check();
    await form.submit.click();
    await expectFieldError(form.role, MSG.selectOption);
    await expect(page.getByText(MSG.terms)).toHaveCount(0);

    // Submitting with a role but without the terms.
    await chooseRole(page, 'Teacher');
    await expectFieldValid(form.role);
    await form.terms.uncheck();
    await form.submit.click();
    await expect(page.getByText(MSG.terms)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toHaveCount(0);
  });

  test('a teacher signs up, verifies through the mailed link, logs in, and resets the password', async ({
    page,
    browser,
  }) => {
    // Two sign-ups, two trips to the developer's outbox and three logins: about 30 s on a quiet machine.
    test.slow();
    const email = uniqueEmail('new-teacher');
    const fullName = 'Neha Newteacher';
    const password = 'Teacher2026';

    // Sign up.
    await page.goto('/sign-up');
    const form = signUpForm(page);
    await chooseRole(page, 'Teacher');
    await form.fullName.fill(fullName);
    await form.email.fill(email);
    await form.password.fill(password);
    await form.confirm.fill(password);
    await form.terms.check();
    await form.submit.click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();

    // Logging in before verifying is refused (and a fresh link is mailed).
    expectFailedResponses({ status: 403, method: 'POST', path: '/api/auth/login' });
    await page.getByRole('link', { name: 'Go to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: AUTH_MSG.notVerified })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The developer reads the link in the mail outbox on /logs; the new teacher opens it.
    const verifyLink = await mailedLinkViaLogsPage(browser, email, 'verify-email');
    await page.goto(verifyLink);
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(page.getByText('Your email address is verified. You can log in now.')).toBeVisible();

    // Now the login works and the fresh trial shows 14 days.
    await loginWith(page, email, password, '/guru-list');
    const box = page.getByTestId('profile-box');
    await expect(box).toContainText(fullName);
    await expect(box).toContainText('Free Trial');
    await expect(box.getByTestId('trial-days')).toHaveText('14 Days Remaining');

    // Log out, then a second sign-up with the same address is refused.
    expectFailedResponses({ status: 409, method: 'POST', path: '/api/auth/sign-up' });
    await box.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/sign-up');
    await chooseRole(page, 'Student');
    await form.fullName.fill('Someone Else');
    await form.email.fill(email.toUpperCase());
    await form.password.fill('Student2026');
    await form.confirm.fill('Student2026');
    await form.terms.check();
    await form.submit.click();
    await expectFieldError(form.email, AUTH_MSG.emailTaken);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toHaveCount(0);

    // Reset the password through the mailed link.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'If an account exists for this email' }),
    ).toBeVisible();

    const resetLink = await mailedLinkViaLogsPage(browser, email, 'reset-password');
    await page.goto(resetLink);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const newPassword = page.getByLabel(/^New Password/);
    const confirm = page.getByLabel(/^Confirm Password/);
    await newPassword.fill('Renewed2026');
    await confirm.fill('Renewed2027');
    await confirm.blur();
    await expectFieldError(confirm, MSG.confirmPassword);
    await confirm.fill('Renewed2026');
    await expectFieldValid(confirm);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password has been changed. Please log in.')).toBeVisible();

    // The old password no longer works; the new one does.
    expectFailedResponses({ status: 401, method: 'POST', path: '/api/auth/login' });
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: AUTH_MSG.invalidLogin })).toBeVisible();
    await loginWith(page, email, 'Renewed2026', '/guru-list');
    await expect(page.getByTestId('profile-box')).toContainText(fullName);

    // A reset link works once only.
    expectFailedResponses({ status: 400, method: 'POST', path: '/api/auth/reset-password' });
    await page.getByTestId('profile-box').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(resetLink);
    await page.getByLabel(/^New Password/).fill('Another2026');
    await page.getByLabel(/^Confirm Password/).fill('Another2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: AUTH_MSG.linkInvalid })).toBeVisible();
  });
});
