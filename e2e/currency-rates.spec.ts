import type { PublicPlan } from '../common/contracts/billing';
import { convertCurrency, type ExchangeRates, formatPrice } from '../common/money';
import { DEMO, newSession } from './support/accounts';
import { apiLogin, authHeader } from './support/api';
import { type Browser, expect, type Page, test } from './support/test';

/**
 * The admin edits an exchange rate on /plan-pricing and a visitor in that currency sees /pricing follow it;
 * then the admin puts it back. Japanese yen: no other journey prices anything in it, and no plan has a yen
 * price of its own, so the yen price on /pricing is always converted with the stored rate. Runs in the
 * 'shared-state' project anyway, since the rates are one row every page reads.
 */
const CURRENCY = 'JPY';
const TOKYO = 'Asia/Tokyo';

/** What /pricing shows for a plan's monthly price converted to yen with the given rates. */
function expectedYen(plan: PublicPlan, rates: ExchangeRates): string {
  const base = plan.prices.find(
    (price) => price.period === 'monthly' && price.currency === plan.baseCurrency,
  );
  if (!base) throw new Error(`${plan.name} has no monthly ${plan.baseCurrency} price`);
  const converted = convertCurrency(base.amount, base.currency, CURRENCY, rates);
  expect(converted.currency).toBe(CURRENCY);
  return `≈ ${formatPrice(Math.round(converted.amount), CURRENCY)}`;
}

/** /pricing as a visitor in Tokyo, in a fresh context (the rates are cached per tab). */
async function yenPriceOnPricingPage(browser: Browser, planName: string): Promise<string> {
  const visitor = await browser.newContext({ timezoneId: TOKYO });
  try {
    const guest = await visitor.newPage();
    await guest.goto('/pricing');
    const card = guest.getByTestId('plan-card').filter({ hasText: planName }).first();
    await expect(card.getByTestId('plan-price')).toContainText('¥');
    return ((await card.getByTestId('plan-price').innerText()).split('\n')[0] ?? '').trim();
  } finally {
    await visitor.close();
  }
}

async function setRate(admin: Page, rate: number): Promise<void> {
  const input = admin.getByRole('textbox', { name: `Rate for ${CURRENCY}` });
  await input.fill(String(rate));
  const saved = admin.waitForResponse(
    (answer) => answer.request().method() === 'PUT' && answer.url().endsWith('/api/admin/currency-rates'),
  );
  await admin.getByRole('button', { name: 'Save rates' }).click();
  expect((await saved).status()).toBe(200);
  // An earlier save's notice may still be showing: the newest is the last.
  await expect(admin.getByText('Exchange rates saved.').last()).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Save rates' })).toBeDisabled();
}

test('an edited exchange rate changes the converted price a visitor sees, and is restored', async ({
  browser,
  request,
}) => {
  const before = (await (await request.get('/api/common/currency-rate')).json()) as ExchangeRates;
  const original = Number(before[CURRENCY]);
  expect(original).toBeGreaterThan(0);
  const plans = (await (await request.get('/api/plans?audience=teacher')).json()) as { plans: PublicPlan[] };
  const plan = plans.plans.find((candidate) =>
    candidate.prices.some((price) => price.period === 'monthly' && price.amount > 0),
  );
  if (!plan) throw new Error('a paid teacher plan exists');
  expect(plan.prices.some((price) => price.currency === CURRENCY)).toBe(false);
  const edited = original * 2;

  const admin = await newSession(browser, 'admin');
  try {
    await admin.goto('/plan-pricing');
    await admin.getByRole('tab', { name: 'Exchange rates' }).click();
    await expect(admin.getByRole('heading', { name: 'Exchange rates' })).toBeVisible();
    await admin.getByLabel('Find a currency').fill(CURRENCY);
    await expect(admin.getByRole('textbox', { name: `Rate for ${CURRENCY}` })).toHaveValue(String(original));

    // A rate of zero is refused before it can be saved.
    await admin.getByRole('textbox', { name: `Rate for ${CURRENCY}` }).fill('0');
    await admin.getByRole('textbox', { name: `Rate for ${CURRENCY}` }).blur();
    await expect(admin.getByText('Every rate must be a number above zero.')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Save rates' })).toBeDisabled();

    expect(await yenPriceOnPricingPage(browser, plan.name)).toBe(expectedYen(plan, before));
    await setRate(admin, edited);
    await expect(admin.getByText(/from\s+admin\s*\./)).toBeVisible();
    const after = (await (await request.get('/api/common/currency-rate')).json()) as ExchangeRates;
    expect(Number(after[CURRENCY])).toBe(edited);
    expect(after.INR).toBe(before.INR);
    const shown = await yenPriceOnPricingPage(browser, plan.name);
    expect(shown).toBe(expectedYen(plan, after));
    expect(shown).not.toBe(expectedYen(plan, before));

    // Restored through the same tab: the visitor's price is back to what it was.
    await setRate(admin, original);
    expect(await yenPriceOnPricingPage(browser, plan.name)).toBe(expectedYen(plan, before));
  } finally {
    await admin.context().close();
    // Whatever happened above, the yen rate is left as it was found.
    const current = (await (await request.get('/api/common/currency-rate')).json()) as Record<
      string,
      unknown
    >;
    if (Number(current[CURRENCY]) !== original) {
      const adminApi = await apiLogin(request, DEMO.admin.email);
      const stored = (await (
        await request.get('/api/admin/currency-rates', { headers: authHeader(adminApi.jwtToken) })
      ).json()) as { rates: Record<string, number> };
      await request.put('/api/admin/currency-rates', {
        headers: authHeader(adminApi.jwtToken),
        data: { rates: { ...stored.rates, [CURRENCY]: original } },
      });
    }
  }
});
