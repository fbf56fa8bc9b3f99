import { AUTH_MSG } from '../common/messages';
import { newSession } from './support/accounts';
import { createVerifiedAccount, loginWith } from './support/api';
import { expect, expectFailedResponses, test } from './support/test';

// Anyone may sign up as a developer; the outbox (live reset links) opens only once an admin grants it.
test('a developer who signed up waits for an admin, who grants access from the dashboard', async ({
  page,
  browser,
  request,
}) => {
  const developer = await createVerifiedAccount(request, {
    userType: 'developer',
    fullName: 'Walk-in Developer',
    prefix: 'walk-in-dev',
  });
  // The logs' status is how the page learns the developer has no grant yet: the server says 403 (decision 043).
  expectFailedResponses({ status: 403, method: 'GET', path: '/api/logs/status' });
  await loginWith(page, developer.email, developer.password, '/logs');
  await expect(page.getByTestId('developer-access-pending')).toContainText(AUTH_MSG.developerAccessPending);
  await expect(page.getByTestId('outbox-message')).toHaveCount(0);

  const admin = await newSession(browser, 'admin');
  const row = admin.getByTestId('developer-row').filter({ hasText: developer.email });
  await row.getByRole('button', { name: 'Grant access' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: 'can now read the logs' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Revoke' })).toBeVisible();

  await page.goto('/logs?tab=outbox');
  await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
  await expect(page.getByTestId('outbox-message').first()).toBeVisible();

  // Revoking asks first, then closes the outbox again.
  await row.getByRole('button', { name: 'Revoke' }).click();
  await admin.getByRole('button', { name: 'Revoke access' }).click();
  await expect(row.getByRole('button', { name: 'Grant access' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('developer-access-pending')).toBeVisible();
  await admin.context().close();
});
