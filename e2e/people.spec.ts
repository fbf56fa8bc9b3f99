import { DEMO, newSession } from './support/accounts';
import { createVerifiedAccount, loginWith, mailedLinkViaApi } from './support/api';
import { expect, expectFailedResponses, test } from './support/test';

const backButton = (page: import('./support/test').Page) =>
  page.getByRole('button', { name: 'Back to Previous User' });

test.describe('running the people of a school (issue 15)', () => {
  test('admin finds a student by e-mail, opens them, deactivates them, and the open tab is logged out', async ({
    page,
    browser,
    request,
  }) => {
    const student = await createVerifiedAccount(request, {
      userType: 'student',
      fullName: 'Deepa Deactivated',
      prefix: 'deactivate-me',
    });
    await loginWith(page, student.email, student.password, '/subscribed-courses');

    const admin = await newSession(browser, 'admin');
    await admin.goto('/students');
    await admin.getByLabel('Search').fill(student.email);
    const table = admin.getByTestId('people-table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: 'Deepa Deactivated' }).click();
    await expect(admin).toHaveURL(/\/view-student\?id=/);
    await expect(admin.getByRole('heading', { name: /Deepa Deactivated/ })).toBeVisible();
    // The student's tab is open: presence says so.
    await expect(admin.getByText('Online now')).toBeVisible();

    await admin.getByRole('button', { name: 'Actions' }).click();
    await admin.getByRole('menuitem', { name: 'Deactivate' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Deactivate account' });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog.getByText('Please fill this field')).toBeVisible();
    await dialog.getByLabel(/Reason/).fill('Shared the account with a whole class');
    // From here the student's tab is refused on purpose: its session check (401), then its new login (403).
    expectFailedResponses(
      { status: 401, method: 'GET', path: '/api/auth/me' },
      { status: 403, method: 'POST', path: '/api/auth/login' },
    );
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'Account deactivated' })).toBeVisible();
    await expect(admin.getByText('Shared the account with a whole class').first()).toBeVisible();
    await expect(admin.getByTestId('audit-trail')).toContainText('Deactivated: Shared the account');

    // The student's open tab leaves at once, without a reload, and cannot log in again.
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel(/^Password/).fill(student.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your account has been deactivated' }),
    ).toBeVisible();
    await admin.context().close();
  });

  test('admin logs in as a teacher from the Teachers list and comes back to it', async ({ page }) => {
    await loginWith(page, DEMO.admin.email, 'Gurukul2026', '/dashboard');
    await page.goto('/teachers?tab=teacher');
    await page.getByLabel('Search').fill(DEMO.teacher.email);
    // The searched list first: a menu opened on the unfiltered list is redrawn under the pointer.
    await expect(page.getByText('1 of 1 teacher', { exact: true })).toBeVisible();
    const row = page.getByTestId('people-table').getByRole('row', { name: new RegExp(DEMO.teacher.name) });
    await row.getByRole('button', { name: `Actions for ${DEMO.teacher.name}` }).click();
    await page.getByRole('menuitem', { name: 'Log in as' }).click();
    await expect(page).toHaveURL(/\/guru-list$/);
    await expect(page.getByTestId('profile-box')).toContainText(DEMO.teacher.name);
    await backButton(page).click();
    await expect(page).toHaveURL(/\/teachers\?tab=teacher/);
    await expect(page.getByTestId('profile-box')).toContainText(DEMO.admin.name);
  });

  test('an institute invites a teacher who signs up through the link and appears in its Teachers', async ({
    page,
    browser,
    request,
  }) => {
    const institute = await createVerifiedAccount(request, {
      userType: 'institute',
      fullName: 'Invite Academy',
      prefix: 'invite-academy',
    });
    await loginWith(page, institute.email, institute.password, '/guru-list');
    await page.goto('/teacher-list');
    await expect(page.getByText('No teachers yet')).toBeVisible();
    const teacherEmail = `new-teacher-${Date.now()}@gurukul.test`;
    await page.getByRole('button', { name: 'Invite teacher' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a teacher' });
    await dialog.getByLabel(/Email/).fill(teacherEmail);
    await dialog.getByLabel('Name (optional)').fill('Kiran Newcomer');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByTestId('pending-invites')).toContainText(teacherEmail);

    const link = await mailedLinkViaApi(request, teacherEmail, 'invitation');
    const teacher = await (await browser.newContext()).newPage();
    await teacher.goto(link);
    await expect(teacher.getByRole('heading', { name: 'Join Invite Academy' })).toBeVisible();
    await expect(teacher.getByLabel('Full name')).toHaveValue('Kiran Newcomer');
    await teacher.getByLabel(/Choose a password/).fill('Teacher2026');
    await teacher.getByRole('button', { name: 'Create my account' }).click();
    await expect(teacher).toHaveURL(/\/guru-list$/);
    await expect(teacher.getByTestId('profile-box')).toContainText('Kiran Newcomer');
    await teacher.context().close();

    await page.reload();
    await expect(page.getByTestId('people-table')).toContainText('Kiran Newcomer');
    await expect(page.getByTestId('pending-invites')).toHaveCount(0);
  });

  test('an institute imports 20 students from CSV and two bad rows are reported', async ({
    page,
    request,
  }) => {
    const institute = await createVerifiedAccount(request, {
      userType: 'institute',
      fullName: 'Import Academy',
      prefix: 'import-academy',
    });
    await loginWith(page, institute.email, institute.password, '/guru-list');
    await page.goto('/student-list');
    const stamp = Date.now();
    const lines = ['name,email'];
    for (let i = 1; i <= 20; i += 1) lines.push(`Student ${i},import-${stamp}-${i}@gurukul.test`);
    lines.splice(5, 0, 'No Address,not-an-email');
    lines.push(`Student 3 again,import-${stamp}-3@gurukul.test`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import students from CSV' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'class-7b.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\n')),
    });
    await dialog.getByRole('button', { name: 'Import and send invitations' }).click();
    const report = dialog.getByTestId('import-report');
    await expect(report).toContainText('20 invited, 2 refused.');
    await expect(report.getByRole('row', { name: /not-an-email/ })).toContainText(
      'Not a valid e-mail address',
    );
    await expect(report.getByRole('row', { name: /Listed twice/ })).toContainText(
      `import-${stamp}-3@gurukul.test`,
    );
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('pending-invites')).toContainText('Invitations waiting (20)');
    await expect(page.getByTestId('seats')).toContainText('20 of 50 seats used');
  });
});
