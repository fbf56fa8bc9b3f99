import { expect, type Page } from '@playwright/test';

/** Pays the open plan choice through the local test checkout (no Razorpay keys on the test server). */
export async function payPlanWithTestCheckout(page: Page, planName: string): Promise<void> {
  await page.getByRole('button', { name: `Choose ${planName}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment — no money is charged' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('test-checkout-amount')).toHaveText(/\d/);
  await dialog.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(page).toHaveURL(/\/plan\?page=manage$/);
  await expect(page.getByTestId('current-plan-name')).toHaveText(planName);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
}
