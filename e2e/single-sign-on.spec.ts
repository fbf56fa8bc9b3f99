import type { APIRequestContext, Page } from '@playwright/test';
import { OIDC_CLIENT, OIDC_PROVIDER_PORT } from '../playwright.config';
import { DEMO } from './support/accounts';
import { apiLogin, apiLogout, authHeader, createVerifiedAccount, loginWith } from './support/api';
import { seriousViolations } from './support/page-checks';
import { expect, expectFailedResponses, test } from './support/test';

/**
 * Single sign-on with an institute's own issuer (issue 34, decision 073), against an OpenID provider this project
 * did not write (oidc-provider, started by playwright.config.ts). A new institute, whose own address is at its
 * domain (what lets it claim the domain), connects the provider in Integrations; a student of its domain signs in
 * and lands in the institute; a person of another domain does not. Runs in the 'shared-state' project, as it
 * changes what every login page offers, and removes the setting at the end.
 */
const ISSUER = `http://127.0.0.1:${OIDC_PROVIDER_PORT}`;
const DOMAIN = `vidyalaya-${Date.now().toString(36)}.test`;

/** A new institute at DOMAIN on the Pro plan (the Integrations module), granted by the demo admin. */
async function newInstitute(request: APIRequestContext) {
  const account = await createVerifiedAccount(request, {
    userType: 'institute',
    fullName: 'Vidyalaya Public School',
    prefix: 'principal',
    email: `principal@${DOMAIN}`,
  });
  const admin = await apiLogin(request, DEMO.admin.email);
  const plans = (await (
    await request.get('/api/admin/plans', { headers: authHeader(admin.jwtToken) })
  ).json()) as {
    plans: { id: string; name: string; audience: string }[];
  };
  const pro = plans.plans.find((plan) => plan.audience === 'institute' && plan.name === 'Pro');
  const people = (await (
    await request.get('/api/admin/people', {
      headers: authHeader(admin.jwtToken),
      params: { role: 'institute', search: account.email },
    })
  ).json()) as { rows: { id: string }[] };
  const granted = await request.post(`/api/admin/people/${people.rows[0]?.id}/grant-plan`, {
    headers: authHeader(admin.jwtToken),
    data: { planId: pro?.id, days: 30 },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  await apiLogout(request, admin.jwtToken);
  return account;
}

/** The provider's own login page (its development form): any login is that account. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${ISSUER}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

async function startSchoolSignIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue with your school account' }).click();
}

test('an institute connects its own sign-in; a student of its domain lands in it, another domain does not', async ({
  page,
  browser,
  request,
}) => {
  // The provider's page asks for a web font; nothing here reaches the internet.
  await page.context().route('https://fonts.googleapis.com/**', (route) => route.abort());
  const principal = await newInstitute(request);
  await loginWith(page, principal.email, principal.password, '/guru-list');
  await page.goto('/integrations');
  const section = page.getByRole('region', { name: 'Sign-in' });
  await expect(section.getByTestId('sso-redirect-uri')).toHaveText(/\/api\/sso\/callback$/);
  const card = section.getByTestId('sso-oidc');
  // A run stopped half-way (a local re-run) left its setting: take it away first, as the end of the journey does.
  await expect(card.getByText(/^(On|Off)$/)).toBeVisible();
  if (await card.getByText('On', { exact: true }).isVisible()) await removeSetting(page);
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByLabel('Issuer URL').fill(ISSUER);
  await card.getByLabel('Client ID').fill(OIDC_CLIENT.client_id);
  await card.getByLabel('Client secret').fill(OIDC_CLIENT.client_secret);
  await card.getByLabel('E-mail domains').fill(`${DOMAIN}, staff.${DOMAIN}`);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("Your school's sign-in saved")).toBeVisible();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  try {
    // A student of the domain, in a browser of their own.
    const student = await (await browser.newContext()).newPage();
    await student.context().route('https://fonts.googleapis.com/**', (route) => route.abort());
    await startSchoolSignIn(student, `anita.sharma@${DOMAIN}`);
    await signInAtProvider(student, `anita.sharma@${DOMAIN}`);
    await expect(student).toHaveURL(/\/subscribed-courses$/);
    const me = await student.evaluate(async () => {
      const answer = await fetch('/api/auth/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('jwtToken')}` },
      });
      return answer.json();
    });
    expect(me.userObj).toMatchObject({
      email: `anita.sharma@${DOMAIN}`,
      userType: 'student',
      fullName: 'Anita Sharma',
    });
    expect(me.userObj.instituteId).toBe(await instituteId(page));
    // The institute sees its new student.
    await page.goto('/student-list');
    await expect(page.getByText(`anita.sharma@${DOMAIN}`)).toBeVisible();

    // An address of another domain: the login page says no school signs it in.
    const other = await (await browser.newContext()).newPage();
    await other.context().route('https://fonts.googleapis.com/**', (route) => route.abort());
    expectFailedResponses({ status: 404, method: 'POST', path: '/api/sso/school' });
    await startSchoolSignIn(other, 'ravi@elsewhere.test');
    await expect(other.getByText('No school sign-in is set up for this e-mail address')).toBeVisible();
    // Someone who starts with the school's address but signs in at the provider as another domain: refused.
    await startSchoolSignIn(other, `ravi@${DOMAIN}`);
    await signInAtProvider(other, 'ravi@elsewhere.test');
    await expect(other).toHaveURL(/\/sso$/);
    await expect(other.getByRole('heading', { name: 'Sign-in did not finish' })).toBeVisible();
    await expect(other.getByRole('alert')).toContainText(
      "This school's sign-in is only for addresses at its own e-mail domains",
    );
    await expect(other.getByText('wrong-domain')).toBeVisible();
    expect(await seriousViolations(other)).toEqual([]);
    await other.getByRole('link', { name: 'Back to login' }).click();
    await expect(other).toHaveURL(/\/login$/);
  } finally {
    await page.goto('/integrations');
    await removeSetting(page);
  }
});

/** Removes the institute's sign-in from Integrations, confirming in the dialog. */
async function removeSetting(page: Page) {
  const saved = page.getByRole('region', { name: 'Sign-in' }).getByTestId('sso-oidc');
  await saved.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(saved.getByText('Off', { exact: true })).toBeVisible();
}

async function instituteId(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('userId') ?? '');
}

test('the admin turns on Google; a new person signs in with it, and an existing account is linked by its password once', async ({
  page,
  browser,
  request,
}) => {
  // The e2e server's Google issuer is the tests' OpenID provider (SSO_GOOGLE_ISSUER in playwright.config.ts).
  await page.context().route('https://fonts.googleapis.com/**', (route) => route.abort());
  await loginWith(page, DEMO.admin.email, 'Gurukul2026', DEMO.admin.home);
  await page.goto('/integrations');
  const google = page.getByRole('region', { name: 'Sign-in' }).getByTestId('sso-google');
  await google.getByLabel('Client ID').fill(OIDC_CLIENT.client_id);
  await google.getByLabel('Client secret').fill(OIDC_CLIENT.client_secret);
  await google.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Google saved')).toBeVisible();
  await expect(google.getByText('On', { exact: true })).toBeVisible();
  const run = Date.now().toString(36);
  try {
    // Someone new: "Continue with Google" on the login page makes them a student.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.context().route('https://fonts.googleapis.com/**', (route) => route.abort());
    await visitor.goto('/login');
    await visitor.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAtProvider(visitor, `meera.krishnan.${run}@example.in`);
    await expect(visitor).toHaveURL(/\/subscribed-courses$/);
    expect(
      await visitor.evaluate(() => localStorage.getItem('email') ?? sessionStorage.getItem('email')),
    ).toBe(`meera.krishnan.${run}@example.in`);

    // Someone who already has a Gurukul account with that address: its password once links the two.
    const existing = await createVerifiedAccount(request, {
      userType: 'student',
      fullName: 'Rohit Verma',
      prefix: `rohit-${run}`,
    });
    const member = await (await browser.newContext()).newPage();
    await member.context().route('https://fonts.googleapis.com/**', (route) => route.abort());
    await member.goto('/login');
    await member.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAtProvider(member, existing.email);
    await expect(member.getByRole('heading', { name: 'Link your sign-in' })).toBeVisible();
    await expect(member.getByText(existing.email)).toBeVisible();
    expectFailedResponses({ status: 401, method: 'POST', path: '/api/sso/link' });
    await member.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
    await member.getByRole('button', { name: 'Link and log in' }).click();
    await expect(member.getByRole('alert')).toBeVisible();
    await member.getByRole('textbox', { name: 'Password' }).fill(existing.password);
    await member.getByRole('button', { name: 'Link and log in' }).click();
    await expect(member).toHaveURL(/\/subscribed-courses$/);
    expect(
      await member.evaluate(() => localStorage.getItem('email') ?? sessionStorage.getItem('email')),
    ).toBe(existing.email);
    expect(await seriousViolations(member)).toEqual([]);
  } finally {
    await page.goto('/integrations');
    const saved = page.getByRole('region', { name: 'Sign-in' }).getByTestId('sso-google');
    await saved.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(saved.getByText('Off', { exact: true })).toBeVisible();
  }
});
