import type { Page } from '@playwright/test';
import { escapeRegExp } from './api';

/** Picks an option of a Mantine select by its label (labels of required fields end with " *"). */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks the first voice a voice picker offers (their names belong to the voice picker, not to a journey). */
export async function firstOption(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option').first().click();
}

/**
 * The accessible name of a side-navigation item: its label, then the count its badge shows, if any ("Approvals 2";
 * the name holds what the link shows, WCAG 2.5.3).
 */
export const navItemName = (label: string) => new RegExp(`^${escapeRegExp(label)}(?: \\d+\\+?)?$`);

/** The admin's pending-approval badge in the side navigation. */
export const approvalsBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Side navigation' }).getByTestId('approvals-badge');
