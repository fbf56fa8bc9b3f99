import { type Browser, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Gurukul2026';

export const DEMO = {
  admin: { email: 'admin@gurukul.test', home: '/dashboard', name: 'Asha Admin' },
  teacher: { email: 'teacher@gurukul.test', home: '/guru-list', name: 'Tara Teacher' },
  institute: { email: 'institute@gurukul.test', home: '/guru-list', name: 'Indus Institute' },
  faculty: { email: 'faculty@gurukul.test', home: '/guru-list', name: 'Farhan Faculty' },
  student: { email: 'student@gurukul.test', home: '/subscribed-courses', name: 'Sita Student' },
  partner: { email: 'partner@gurukul.test', home: '/invoice', name: 'Pavan Partner' },
  developer: { email: 'developer@gurukul.test', home: '/logs', name: 'Devi Developer' },
  trialEnded: {
    email: 'trial-ended@gurukul.test',
    home: '/information?page=free-trial-ended',
    name: 'Tanvi Trial-Ended',
  },
  subscriptionEnded: {
    email: 'subscription-ended@gurukul.test',
    home: '/information?page=subscription-ended',
    name: 'Sunrise Subscription-Ended Institute',
  },
} as const;

export type DemoKey = keyof typeof DEMO;

/** Logs in through the real form and waits for the landing page. */
export async function loginAs(page: Page, key: DemoKey): Promise<void> {
  const account = DEMO[key];
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${account.home.replace(/[?]/g, '\\?')}$`));
}

/** A browser context of its own, logged in as a demo account: a second person in the same journey. */
export async function newSession(browser: Browser, key: DemoKey): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, key);
  return page;
}
