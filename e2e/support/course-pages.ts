import type { Page } from '@playwright/test';

/** Picks an option of a Mantine select by its label (labels of required fields end with " *"). */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The admin's pending-approval badge in the side navigation. */
export const approvalsBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Side navigation' }).getByTestId('approvals-badge');
