import { readFileSync } from 'node:fs';
import type { ReferralLinkView } from '../common/contracts/partners';
import { DEMO, newSession } from './support/accounts';
import { apiLogin, authHeader, loginWith, signUpTeacherInBrowser, uniqueEmail } from './support/api';
import { payPlanWithTestCheckout } from './support/billing';
import { seriousViolations } from './support/page-checks';
import { expect, type Page, test } from './support/test';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** A first name no earlier run used (letters only), so the referral's row is this run's. */
const uniqueFirstName = () =>
  `Rohini${Date.now()
    .toString()
    .slice(-6)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}`;

test.describe('the referral programme (issue 17)', () => {
  test('a visitor follows the partner’s link, signs up and pays; the partner sees the referral and the commission; the admin pays a month out and the partner downloads the commission invoice', async ({
    browser,
    request,
  }) => {
    // Sign-up, verification, a checkout and three people's pages: well over a minute on a busy machine.
    test.slow();

    // The partner's main link, as the Links tab shows it.
    const partner = await apiLogin(request, DEMO.partner.email);
    const linksAnswer = await request.get('/api/partner/links', { headers: authHeader(partner.jwtToken) });
    expect(linksAnswer.status(), await linksAnswer.text()).toBe(200);
    const { links } = (await linksAnswer.json()) as { links: ReferralLinkView[] };
    const main = links.find((link) => link.label === null);
    expect(main, 'the partner has a main link').toBeTruthy();
    const code = (main as ReferralLinkView).code;

    // A visitor opens /r/<code>: the server counts the click, sets the attribution cookie and sends them home.
    const firstName = uniqueFirstName();
    const fullName = `${firstName} Kapoor`;
    const email = uniqueEmail('referred-teacher');
    const password = 'Teacher2026';
    // The server does not count robots, and headless Chromium names itself so: the visitor's browser is a plain one.
    const visitorContext = await browser.newContext({ userAgent: VISITOR_AGENT });
    const page = await visitorContext.newPage();
    await page.goto(`/r/${code}`);
    await expect(page).toHaveURL(/\/$/);
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.name === 'gk_ref')).toBe(true);

    // An unknown code is said on the home page, and the mark leaves the address.
    await page.goto('/r/NO-SUCH-CODE');
    await expect(
      page.getByRole('alert').filter({ hasText: 'This referral link is not valid' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // They sign up as a teacher in the same browser (the cookie names the referrer, the form does not).
    await signUpTeacherInBrowser(page, request, { fullName, email, password });

    // …and pay for Starter through the test checkout.
    await loginWith(page, email, password, '/guru-list');
    await page.goto('/plan?page=upgrade');
    await payPlanWithTestCheckout(page, 'Starter');

    // The partner's report: the referral, paying, from the main link, and a pending commission.
    const partnerPage = await newSession(browser, 'partner');
    await partnerPage
      .getByRole('navigation', { name: 'Side navigation' })
      .getByRole('link', { name: 'Partner Report' })
      .click();
    await expect(partnerPage).toHaveURL(/\/partner-report\?tab=referred$/);
    await expect(partnerPage.getByRole('heading', { name: 'Partner Report' })).toBeVisible();
    const referredRow = partnerPage.getByTestId('referred-row').filter({ hasText: `${firstName} K.` });
    // The payment's commission may be recorded just after the checkout answers: a reload shows it.
    await expect(async () => {
      await partnerPage.reload();
      await expect(referredRow).toContainText('Paying', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(referredRow).toContainText('Teacher');
    await expect(referredRow).toContainText('Paying');
    await expect(referredRow).toContainText('Main link');
    // The full name is the customer's own: the partner sees the first name and an initial.
    await expect(partnerPage.getByText(fullName)).toHaveCount(0);

    // The status filter keeps the URL and the row.
    await partnerPage
      .getByRole('radiogroup', { name: 'Referral status' })
      .getByText('Paying', { exact: true })
      .click();
    await expect(partnerPage).toHaveURL(/status=paying/);
    await expect(referredRow).toBeVisible();

    await partnerPage.getByRole('tab', { name: 'Commissions' }).click();
    await expect(partnerPage).toHaveURL(/tab=commissions$/);
    const commissionRow = partnerPage.getByTestId('commission-row').filter({ hasText: `${firstName} K.` });
    await expect(commissionRow).toBeVisible();
    await expect(commissionRow.getByTestId('commission-status')).toHaveText('Pending');
    await expect(commissionRow).toContainText(/Payable from/);
    await expect(partnerPage.getByTestId('balance-pending')).not.toContainText('₹0.00');

    // The Links tab: the main link with its QR code, and a campaign link made and archived.
    await partnerPage.getByRole('tab', { name: 'Links' }).click();
    await expect(partnerPage.getByTestId('main-link-url')).toHaveValue(new RegExp(`/r/${code}$`));
    await expect(partnerPage.getByRole('img', { name: 'QR code of your referral link' })).toBeVisible();
    const qr = partnerPage.waitForEvent('download');
    await partnerPage.getByRole('button', { name: 'Download QR (PNG): your referral link' }).click();
    const png = await qr;
    expect(png.suggestedFilename()).toBe(`gurukul-${code}.png`);
    expect(
      readFileSync(await png.path())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    const campaign = `Newsletter ${firstName}`;
    await partnerPage.getByRole('textbox', { name: 'Campaign name' }).fill(campaign);
    await partnerPage.getByRole('button', { name: 'Create link' }).click();
    const campaignRow = partnerPage.getByTestId('campaign-link').filter({ hasText: campaign });
    await expect(campaignRow).toContainText('0 clicks · 0 sign-ups');
    await campaignRow.getByRole('button', { name: `Archive the campaign link "${campaign}"` }).click();
    await partnerPage.getByRole('dialog').getByRole('button', { name: 'Archive link' }).click();
    await expect(campaignRow).toContainText('Archived');

    // The conversion tab: the funnel counts the click and the paying customer.
    await partnerPage.getByRole('tab', { name: 'Conversion' }).click();
    await expect(partnerPage.getByTestId('funnel-paying')).not.toHaveText('0');

    // The admin: the partners list shows the referral figures; the partner's page pays out an ended month.
    const admin = await newSession(browser, 'admin');
    await admin.goto('/partners');
    const partnerListRow = admin
      .getByTestId('people-table')
      .getByRole('row')
      .filter({ hasText: DEMO.partner.name });
    await expect(partnerListRow).toBeVisible();
    await partnerListRow.getByRole('link', { name: DEMO.partner.name }).click();
    await expect(admin).toHaveURL(/\/view-partner\?id=/);
    const programme = admin.getByTestId('referral-programme');
    await expect(programme).toBeVisible();
    await expect(programme.getByTestId('partner-rule-text')).toContainText('%');
    const payable = programme.getByTestId('commission-month').filter({
      has: admin.getByRole('button', { name: /^Mark paid: .+$/ }),
    });
    await expect(payable.first()).toBeVisible();
    const monthLabel = ((await payable.first().locator('td').first().textContent()) ?? '').trim();
    await payable
      .first()
      .getByRole('button', { name: /^Mark paid: .+$/ })
      .click();
    const confirm = admin.getByRole('dialog', { name: new RegExp(`^Pay out ${monthLabel}`) });
    await expect(confirm).toContainText(/Mark .*\d.* of payable commissions/);
    await confirm.getByRole('button', { name: /^Mark .+ paid$/ }).click();
    await expect(admin.getByRole('alert').filter({ hasText: /Paid out .*: invoice INV-/ })).toBeVisible();
    const invoiceNumber = (
      (await programme.getByTestId('payout-invoice').first().textContent()) ?? ''
    ).trim();
    expect(invoiceNumber).toMatch(/^INV-/);
    await programme.getByRole('tab', { name: /^Payouts/ }).click();
    await expect(programme.getByTestId('payout-row').filter({ hasText: invoiceNumber })).toBeVisible();

    // A rule of the partner's own, then back to the default.
    const ruleCard = programme.getByTestId('partner-rule-card');
    await ruleCard.getByRole('button', { name: 'Edit rule' }).click();
    const ruleDialog = admin.getByRole('dialog', { name: "This partner's commission rule" });
    await ruleDialog.getByRole('textbox', { name: /^Commission \(%\)/ }).fill('95');
    await ruleDialog.getByRole('button', { name: 'Save rule' }).click();
    await expect(ruleDialog.getByText(/\b90\b/).first()).toBeVisible();
    await ruleDialog.getByRole('textbox', { name: /^Commission \(%\)/ }).fill('25');
    await ruleDialog.getByRole('button', { name: 'Save rule' }).click();
    await expect(ruleDialog).toBeHidden();
    await expect(ruleCard).toContainText('Own rule');
    await expect(programme.getByTestId('partner-rule-text')).toContainText('25%');
    await ruleCard.getByRole('button', { name: 'Edit rule' }).click();
    await ruleDialog.getByRole('button', { name: 'Use the default' }).click();
    await admin
      .getByRole('dialog', { name: 'Use the default rule?' })
      .getByRole('button', { name: 'Use the default' })
      .click();
    await expect(ruleCard).toContainText('Default');
    await expect(programme.getByTestId('partner-rule-text')).not.toContainText('25%');

    // The partner downloads the commission invoice from /invoice, a PDF.
    await partnerPage.goto('/invoice?kind=commission');
    const invoiceRow = partnerPage
      .getByTestId('invoices-table')
      .getByRole('row')
      .filter({ hasText: invoiceNumber });
    const download = partnerPage.waitForEvent('download');
    await invoiceRow.getByRole('button', { name: /Download PDF/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    await admin.context().close();
    await partnerPage.context().close();
    await visitorContext.close();
  });

  test('a ?ref= address is recorded once, in the background, and leaves the address bar', async ({
    browser,
    request,
  }) => {
    const partner = await apiLogin(request, DEMO.partner.email);
    const answer = await request.get('/api/partner/links', { headers: authHeader(partner.jwtToken) });
    const { links } = (await answer.json()) as { links: ReferralLinkView[] };
    const code = (links.find((link) => link.label === null) as ReferralLinkView).code;

    const context = await browser.newContext({ userAgent: VISITOR_AGENT });
    const page = await context.newPage();
    const visit = page.waitForRequest((req) => req.url().endsWith('/api/referrals/visit'));
    await page.goto(`/pricing?ref=${code}&audience=teacher`);
    const sent = await visit;
    expect(sent.postDataJSON()).toEqual({ code, landing: '/pricing' });
    const visited = await sent.response();
    expect(visited?.status()).toBe(200);
    const result = (await visited?.json()) as { attributed: boolean } | undefined;
    expect(result?.attributed).toBe(true);
    await expect(page).toHaveURL(/\/pricing\?audience=teacher$/);

    // The programme's public page leads to the partners' own sign-up link (decision 061).
    await page.goto('/referral-program');
    await page.getByRole('link', { name: 'Become a partner' }).click();
    await expect(page).toHaveURL(/\/sign-up\?role=partner$/);
    expect((await context.cookies()).some((cookie) => cookie.name === 'gk_ref')).toBe(true);
    await context.close();
  });

  test('the partner report and the admin’s partner page fit a 390 px phone and have no serious accessibility problem', async ({
    browser,
  }) => {
    // Two roles and an axe pass per tab: well under a minute when quiet; the limit bounds a hang, not speed.
    test.setTimeout(180_000);
    const page = await newSession(browser, 'partner');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const tab of ['referred', 'commissions', 'links', 'conversion']) {
      await page.goto(`/partner-report?tab=${tab}`);
      await expect(page.getByRole('tab', { selected: true })).toHaveText(new RegExp(tab, 'i'));
      await expect(page.getByTestId('partner-headline')).toBeVisible();
      // The demo partner has referrals and commissions: on a phone they are cards, not a wide table.
      if (tab === 'referred') await expect(page.getByTestId('referred-card').first()).toBeVisible();
      if (tab === 'commissions') await expect(page.getByTestId('commission-card').first()).toBeVisible();
      if (tab === 'links') await expect(page.getByTestId('referral-qr')).toBeVisible();
      if (tab === 'conversion') await expect(page.getByTestId('conversion-funnel')).toBeVisible();
      expect(await noSidewaysScroll(page), `no sideways scroll on ${tab}`).toBe(true);
      if (tab !== 'conversion') expect(await seriousViolations(page), `axe on ${tab}`).toEqual([]);
    }
    await page.context().close();

    const admin = await newSession(browser, 'admin');
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/partners');
    await admin.getByRole('link', { name: DEMO.partner.name }).click();
    await expect(admin.getByTestId('referral-programme')).toBeVisible();
    await expect(admin.getByTestId('commission-card').first()).toBeVisible();
    expect(await noSidewaysScroll(admin)).toBe(true);
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.context().close();
  });
});
