import { readFileSync } from 'node:fs';
import { createVerifiedAccount, loginWith } from './support/api';
import { payPlanWithTestCheckout } from './support/billing';
import { expect, test } from './support/test';

test.describe('subscribing and paying', () => {
  test('a new teacher on a trial buys Starter monthly through the test checkout', async ({
    page,
    request,
  }) => {
    const { email, password } = await createVerifiedAccount(request, {
      userType: 'teacher',
      fullName: 'Bina Buyer',
      prefix: 'billing-teacher',
    });
    await loginWith(page, email, password, '/guru-list');
    const box = page.getByTestId('profile-box');
    await expect(box.getByTestId('trial-days')).toHaveText(/^\d+ Days? Remaining$/);

    await box.click();
    await page.getByRole('menuitem', { name: 'Upgrade Plan' }).click();
    await expect(page).toHaveURL(/\/plan\?page=upgrade$/);
    await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    const starter = page.getByTestId('plan-card').filter({ hasText: 'Starter' }).first();
    await expect(starter.getByTestId('plan-price')).toHaveText(/\/ month$/);

    // Declining in the test checkout leaves the trial as it was.
    await page.getByRole('button', { name: 'Choose Starter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Test payment — no money is charged' });
    await dialog.getByRole('button', { name: 'Decline (test)' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/plan\?page=upgrade$/);

    await payPlanWithTestCheckout(page, 'Starter');
    await expect(page.getByText('Renews on')).toBeVisible();
    // The profile box is refreshed from /api/auth/me: the plan is Starter and the trial countdown is gone.
    await expect(box).toContainText('Starter');
    await expect(box.getByTestId('trial-days')).toHaveCount(0);

    await page.goto('/payment-history');
    const table = page.getByTestId('payment-history');
    const paid = table.getByRole('row').filter({ hasText: 'Paid' });
    await expect(paid).toHaveCount(1);
    await expect(paid).toContainText('Test payment');
    await expect(paid.getByRole('link', { name: /^GK\/\d\d-\d\d\/\d{6}$/ })).toHaveAttribute(
      'href',
      '/invoice',
    );
    await expect(table.getByRole('row').filter({ hasText: 'Failed' })).toHaveCount(1);

    // The status filter keeps only the paid one.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Paid' }).click();
    await expect(page).toHaveURL(/status=paid/);
    await expect(table.getByRole('row')).toHaveCount(2);

    // The invoice of the payment, as a PDF.
    const number = (await paid.getByRole('link', { name: /^GK\// }).textContent()) ?? '';
    await paid.getByRole('link', { name: /^GK\// }).click();
    await expect(page).toHaveURL(/\/invoice/);
    const invoiceRow = page.getByRole('row').filter({ hasText: number });
    const download = page.waitForEvent('download');
    await invoiceRow.getByRole('button', { name: /Download PDF/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});
