import type { MySubscription, PaymentRow } from '../common/contracts/billing';
import { formatDate } from '../common/time';
import { authHeader, createVerifiedAccount, loginWith } from './support/api';
import { payPlanWithTestCheckout } from './support/billing';
import { expect, type Page, test } from './support/test';

/**
 * A new teacher pays for Pro, then manages it on /plan?page=manage: cancels at the period's end (after a
 * confirmation), sees the date it ends, resumes, and schedules a downgrade to the cheaper Starter.
 */

const apiSubscription = async (page: Page): Promise<MySubscription> => {
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  const response = await page.request.get('/api/billing/subscription', { headers: authHeader(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as MySubscription;
};

/** A day as the page shows it (plan-price.ts formatDay), in the browser's own locale. */
/** The day as the page shows it: the one date format (common/time.ts), in the browser's zone (the machine's). */
const shownDay = async (page: Page, iso: string) =>
  formatDate(iso, { timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone) });

const planCard = (page: Page, name: string) =>
  page.getByTestId('plan-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('a teacher cancels at period end, resumes, and downgrades to a cheaper plan', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { email, password } = await createVerifiedAccount(request, {
    userType: 'teacher',
    fullName: 'Manu Manager',
    prefix: 'manage-teacher',
  });
  await loginWith(page, email, password, '/guru-list');
  await page.goto('/plan?page=upgrade');
  await payPlanWithTestCheckout(page, 'Pro');

  const paid = await apiSubscription(page);
  expect(paid).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, nextPlan: null });
  const end = await shownDay(page, paid.currentPeriodEnd as string);
  const status = page.getByTestId('subscription-status');
  await expect(page.getByText('Renews on')).toBeVisible();
  await expect(planCard(page, 'Pro').getByText('Current plan')).toBeVisible();
  // Limits read in the pricing page's units, with thousands separators: the summary's usage and the plan cards.
  await expect(page.getByText('0 MB of 100 GB', { exact: true })).toBeVisible();
  await expect(planCard(page, 'Starter')).toContainText('Storage: 20 GB');

  // Cancelling asks first; keeping the plan changes nothing.
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  let dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toContainText(`Pro stays active until ${end}`);
  await dialog.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveText('Active');
  expect((await apiSubscription(page)).cancelAtPeriodEnd).toBe(false);

  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText(`Your plan ends on ${end}`)).toBeVisible();
  await expect(status).toHaveText('Cancels at period end');
  await expect(page.getByText('Ends on', { exact: true })).toBeVisible();
  await expect(page.getByText(`Your plan will not renew: it ends on ${end}.`)).toBeVisible();
  // It is stored: a reload shows the same.
  await page.reload();
  await expect(status).toHaveText('Cancels at period end');
  expect((await apiSubscription(page)).cancelAtPeriodEnd).toBe(true);

  // Resuming undoes it.
  await page.getByRole('button', { name: 'Resume my plan' }).click();
  await expect(page.getByText('Your plan continues')).toBeVisible();
  await expect(status).toHaveText('Active');
  await expect(page.getByText('Renews on')).toBeVisible();
  await expect(page.getByText(/Your plan will not renew/)).toHaveCount(0);
  expect((await apiSubscription(page)).cancelAtPeriodEnd).toBe(false);

  // Starter costs less than Pro: it is a downgrade that waits for the period's end, after a confirmation.
  const starter = planCard(page, 'Starter');
  await starter.getByRole('button', { name: 'Downgrade to Starter' }).click();
  dialog = page.getByRole('dialog', { name: 'Downgrade to Starter?' });
  await expect(dialog).toContainText(`You keep Pro until ${end}`);
  await dialog.getByRole('button', { name: 'Downgrade to Starter' }).click();
  await expect(page.getByText('Starter starts at the end of this period')).toBeVisible();

  // Until then Pro stays the plan, active; the page says when Starter takes over.
  await expect(page.getByTestId('current-plan-name')).toHaveText('Pro');
  await expect(status).toHaveText('Active');
  await expect(page.getByTestId('pending-downgrade')).toHaveText(
    `You move to Starter on ${end}. Until then you keep Pro.`,
  );
  await expect(starter.getByText(`Starts ${end}`)).toBeVisible();
  await expect(starter.getByRole('button', { name: 'Downgrade scheduled' })).toBeDisabled();
  await expect(planCard(page, 'Pro').getByText('Current plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Keep my current plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel at period end' })).toHaveCount(0);
  const scheduled = await apiSubscription(page);
  expect(scheduled).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, plan: { name: 'Pro' } });
  expect(scheduled.nextPlan?.name).toBe('Starter');
  expect(scheduled.currentPeriodEnd).toBe(paid.currentPeriodEnd);
  await page.reload();
  await expect(page.getByTestId('pending-downgrade')).toContainText('You move to Starter');

  // One payment, for Pro; managing the plan charged nothing more.
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  const history = await page.request.get('/api/payments/history', { headers: authHeader(token) });
  const { payments } = (await history.json()) as { payments: PaymentRow[] };
  expect(payments.filter((payment) => payment.status === 'paid')).toHaveLength(1);
});
