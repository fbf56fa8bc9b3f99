import { loginAs } from './support/accounts';
import { payPlanWithTestCheckout } from './support/billing';
import { expect, test } from './support/test';

// Runs in the 'shared-state' project (after the journeys): paying releases the demo trial-ended account,
// which e2e/guards.spec.ts needs still ended.
test('a teacher whose trial ended chooses a plan, pays and is released from /information', async ({
  page,
}) => {
  await loginAs(page, 'trialEnded');
  await page.getByRole('link', { name: 'Choose a plan' }).click();
  await expect(page).toHaveURL(/\/plan\?page=upgrade$/);
  await payPlanWithTestCheckout(page, 'Starter');

  await page.goto('/course-list');
  await expect(page).toHaveURL(/\/course-list$/);
  await expect(page.getByRole('heading', { name: 'Your free trial has ended' })).toHaveCount(0);
});
