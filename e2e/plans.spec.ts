import { newSession } from './support/accounts';
import { type Browser, expect, type Page, test } from './support/test';

/**
 * Plans: a visitor compares the plans on /pricing (monthly and yearly, teachers and institutes); the admin
 * creates a plan on /plan-pricing, edits its price and retires it, and it leaves the pricing page.
 */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

const planCard = (page: Page, name: string) => page.getByLabel(name, { exact: true });

test('a visitor compares plans by period and audience', async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  for (const name of ['Free Trial', 'Starter', 'Pro']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(planCard(page, 'Free Trial').getByTestId('plan-price')).toHaveText('Free');
  const starterPrice = planCard(page, 'Starter').getByTestId('plan-price');
  await expect(starterPrice).toContainText('/ month');
  const monthly = await starterPrice.textContent();

  await page.getByText('Yearly', { exact: true }).click();
  await expect(starterPrice).toContainText('/ year');
  expect(await starterPrice.textContent()).not.toBe(monthly);

  await page.getByText('Institute', { exact: true }).click();
  await expect(planCard(page, 'Pro')).toContainText('Unlimited');
  await expect(planCard(page, 'Pro').getByTestId('plan-price')).toContainText('/ year');
  await planCard(page, 'Starter').getByRole('link', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/sign-up/);
});

test('the admin creates, edits and retires a plan, which leaves the pricing page', async ({ browser }) => {
  const name = `Silver ${Date.now()}`;
  const admin = await newSession(browser, 'admin');
  await admin.goto('/plan-pricing');
  await expect(admin.getByRole('tab', { name: 'Teacher plans' })).toBeVisible();
  await expect(admin.getByLabel('Free Trial', { exact: true })).toBeVisible();

  await admin.getByRole('button', { name: 'Create plan' }).click();
  const drawer = admin.getByRole('dialog');
  await drawer.getByLabel(/^Name/).fill(name);
  await drawer.getByLabel('Description').fill('A plan made in the browser');
  await drawer.getByLabel('Amount of price 1').fill('-5');
  await drawer.getByRole('button', { name: 'Create plan' }).click();
  await expect(drawer.getByText('Negative value is not allowed')).toBeVisible();
  await drawer.getByLabel('Amount of price 1').fill('1200');
  await drawer.getByRole('checkbox', { name: 'Courses unlimited' }).uncheck();
  await drawer.getByRole('textbox', { name: 'Courses', exact: true }).fill('30');
  await drawer.getByRole('button', { name: 'Create plan' }).click();
  await expect(drawer).toBeHidden();

  const card = admin.getByLabel(name, { exact: true });
  await expect(card).toContainText('₹1,200.00 / month');
  await expect(card).toContainText('Courses: 30');

  const guest = await visitor(browser);
  await guest.goto('/pricing');
  await expect(guest.getByRole('heading', { name, exact: true })).toBeVisible();

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await drawer.getByLabel('Amount of price 1').fill('1500');
  await drawer.getByRole('button', { name: 'Save plan' }).click();
  await expect(drawer).toBeHidden();
  await expect(card).toContainText('₹1,500.00 / month');

  await card.getByRole('button', { name: 'Retire' }).click();
  const confirm = admin.getByRole('dialog', { name: `Retire ${name}?` });
  await expect(confirm).toContainText('keep it until their period ends');
  await confirm.getByRole('button', { name: 'Retire plan' }).click();
  await expect(card.getByText('Retired')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Restore' })).toBeVisible();

  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'Starter', exact: true })).toBeVisible();
  await expect(guest.getByRole('heading', { name, exact: true })).toHaveCount(0);
});
