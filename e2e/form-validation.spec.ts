import { MSG } from '../common/messages';
import { loginAs } from './support/accounts';
import { escapeRegExp } from './support/api';
import { choose } from './support/course-pages';
import { expect, type Locator, type Page, test } from './support/test';

/**
 * SPEC §5, "Form validation runs on change, not on input" (web/app/forms.ts, commitValidation): nothing is
 * reported while a value is typed; the shared schema's message comes when the field is left, goes as soon as
 * the field is edited again, and a choice (checkbox, select) is checked the moment it changes.
 */

const ANY_MESSAGE = new RegExp(
  (Object.values(MSG).filter((text) => typeof text === 'string') as string[]).map(escapeRegExp).join('|'),
);

/** No message belongs to the field, and none of `messages` is anywhere on the page. */
async function expectQuiet(page: Page, field: Locator, messages: string[]): Promise<void> {
  await expect(field).not.toHaveAccessibleDescription(ANY_MESSAGE);
  for (const message of messages) await expect(page.getByText(message, { exact: true })).toHaveCount(0);
}

/** The message shows under the field and belongs to it (it is the field's accessible description). */
async function expectMessage(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  await expect(field.page().getByText(message, { exact: true })).toBeVisible();
}

/**
 * Types `text` into the focused field one key at a time (pressSequentially); after each key, once the page
 * shows it, no message may be on screen: a check on input would have rendered in the same update.
 */
async function typeQuietly(page: Page, field: Locator, text: string, messages: string[]): Promise<void> {
  let value = await field.inputValue();
  for (const key of text) {
    await field.pressSequentially(key);
    value += key;
    await expect(field).toHaveValue(value);
    await expectQuiet(page, field, messages);
  }
}

test.describe('forms check a value when it is committed, not while it is typed (SPEC §5)', () => {
  test('sign-up: e-mail, password, confirmation and the terms checkbox', async ({ page }) => {
    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    const fullName = page.getByRole('textbox', { name: /^Full name/ });
    const email = page.getByRole('textbox', { name: /^Email/ });
    const password = page.getByLabel(/^Password/);
    const confirm = page.getByLabel(/^Confirm password/);
    const terms = page.getByRole('checkbox', { name: /terms and conditions/ });

    // A field only passed through is not flagged: "Sign up" checks it.
    await fullName.focus();
    await fullName.press('Tab');
    await expect(email).toBeFocused();
    await expectQuiet(page, fullName, [MSG.required]);

    // An invalid address: quiet while typed, reported when left, gone at the first key of an edit.
    await typeQuietly(page, email, 'ravi@example', [MSG.email]);
    await email.press('Tab');
    await expect(password).toBeFocused();
    await expectMessage(email, MSG.email);
    await email.focus();
    await email.press('End');
    await typeQuietly(page, email, '.com', [MSG.email]);
    await email.press('Tab');
    await expectQuiet(page, email, [MSG.email]);

    // A weak password, then a confirmation that does not match.
    await typeQuietly(page, password, 'Teacher', [MSG.password]);
    await password.press('Tab');
    await expectMessage(password, MSG.password);
    await password.focus();
    await password.press('End');
    await typeQuietly(page, password, '2026', [MSG.password]);
    await password.press('Tab');
    await expectQuiet(page, password, [MSG.password]);
    await expect(confirm).toBeFocused();
    await typeQuietly(page, confirm, 'Teacher2027', [MSG.confirmPassword]);
    await confirm.press('Tab');
    await expectMessage(confirm, MSG.confirmPassword);
    await confirm.focus();
    await confirm.press('Backspace');
    await expectQuiet(page, confirm, [MSG.confirmPassword]);
    await typeQuietly(page, confirm, '6', [MSG.confirmPassword]);
    await confirm.press('Tab');
    await expectQuiet(page, confirm, [MSG.confirmPassword]);

    // A choice is checked the moment it changes, with the focus still on it.
    await terms.check();
    await expect(page.getByText(MSG.terms)).toHaveCount(0);
    await terms.uncheck();
    await expect(terms).toBeFocused();
    await expect(page.getByText(MSG.terms, { exact: true })).toBeVisible();
    await terms.check();
    await expect(page.getByText(MSG.terms)).toHaveCount(0);

    // Submit still checks every field: the role was never chosen.
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectMessage(page.getByRole('combobox', { name: /^I am a/ }), MSG.selectOption);
    await expectMessage(fullName, MSG.required);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toHaveCount(0);
  });

  test("profile: the personal details' full name", async ({ page }) => {
    await loginAs(page, 'teacher');
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Personal details' });
    const fullName = section.getByRole('textbox', { name: /^Full name/ });
    await expect(fullName).not.toHaveValue('');
    const saved = await fullName.inputValue();

    // Emptied and then only spaces typed: nothing while typing, the spec's message once left.
    await fullName.fill('');
    await expectQuiet(page, fullName, [MSG.required]);
    await typeQuietly(page, fullName, '   ', [MSG.onlySpace, MSG.required]);
    await fullName.press('Tab');
    await expectMessage(fullName, MSG.onlySpace);

    // Editing again takes the message away at the first key; a real name is fine when left.
    await fullName.focus();
    await typeQuietly(page, fullName, 'Tara', [MSG.onlySpace]);
    await fullName.press('Tab');
    await expectQuiet(page, fullName, [MSG.onlySpace]);

    // Emptied for good: reported when left (the change is not saved: Save is never pressed).
    await fullName.fill('');
    await expectQuiet(page, fullName, [MSG.required]);
    await fullName.press('Tab');
    await expectMessage(fullName, MSG.required);
    await fullName.fill(saved);
    await expectQuiet(page, fullName, [MSG.required]);
  });

  test("course wizard: a teacher's course information, its number and its selects", async ({ page }) => {
    await loginAs(page, 'teacher');
    await page.goto('/add-course-list?step=course-information');
    const title = page.getByRole('textbox', { name: /^Title/ });
    const price = page.getByRole('textbox', { name: /^Price/ });
    const level = page.getByRole('combobox', { name: /^Level/ });
    await expect(title).toBeVisible();

    await title.focus();
    await typeQuietly(page, title, '  ', [MSG.onlySpace]);
    await title.press('Tab');
    await expectMessage(title, MSG.onlySpace);
    await title.focus();
    await title.press('End');
    await typeQuietly(page, title, 'Trigonometry', [MSG.onlySpace]);
    await title.press('Tab');
    await expectQuiet(page, title, [MSG.onlySpace]);

    // A negative price stays as typed (no silent clamping) and gets the spec's message when left.
    await price.fill('');
    await typeQuietly(page, price, '-5', [MSG.negative]);
    await price.press('Tab');
    await expectMessage(price, MSG.negative);
    await price.focus();
    await price.press('End');
    await price.press('Backspace');
    await expect(price).toHaveValue('-');
    await expectQuiet(page, price, [MSG.negative]);
    await price.press('Backspace');
    await typeQuietly(page, price, '299', [MSG.negative, MSG.required]);
    await price.press('Tab');
    await expectQuiet(page, price, [MSG.negative, MSG.required]);
    // The Tab landed in the searchable currency select; its list closes.
    await page.keyboard.press('Escape');

    // A select is checked as soon as its choice changes: chosen, then deselected by choosing it again.
    await choose(page, 'Level', 'Beginner');
    await expect(level).toHaveValue('Beginner');
    await expectQuiet(page, level, [MSG.selectOption]);
    await level.click();
    await page.getByRole('option', { name: 'Beginner', exact: true }).click();
    await expect(level).toHaveValue('');
    await expectMessage(level, MSG.selectOption);
    await choose(page, 'Level', 'Advanced');
    await expectQuiet(page, level, [MSG.selectOption]);
  });
});
