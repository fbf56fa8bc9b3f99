import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import type { SessionAnswer } from '../../common/contracts/auth';
import type { SignUpRole } from '../../common/roles';
import { DEMO, DEMO_PASSWORD, loginAs } from './accounts';

/** A literal string as a regular expression source. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The spec's Authorization header: a JSON value; the server reads only jwtToken from it. */
export const authHeader = (jwtToken: string) => ({ Authorization: JSON.stringify({ jwtToken }) });

/** Sets a guru's FAQ, trains it and waits until it is ready, through the API as its builder would. */
export async function trainGuruViaApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  guruId: string,
  faq: { question: string; answer: string }[],
): Promise<void> {
  const saved = await request.put(`/api/gurus/${guruId}/questions/faq`, { headers, data: { items: faq } });
  expect(saved.status(), await saved.text()).toBe(200);
  const train = await request.post(`/api/gurus/${guruId}/train`, { headers });
  expect(train.status(), await train.text()).toBeLessThan(300);
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/gurus/${guruId}/training`, { headers })).json()) as {
            status: string;
          }
        ).status,
      { timeout: 90_000 },
    )
    .toBe('ready');
}

/** Creates a course through the API as its author would (step one of the wizard) and answers its id. */
export async function createCourseViaApi(
  request: APIRequestContext,
  token: string,
  course: { title: string; description: string; price?: number },
): Promise<string> {
  const response = await request.post('/api/courses', {
    headers: authHeader(token),
    data: {
      title: course.title,
      description: course.description,
      category: 'Mathematics',
      level: 'Beginner',
      language: 'English',
      price: course.price ?? 0,
      currency: 'INR',
      passingScore: 40,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A new, unique address per call, so journeys can run in parallel and again on the same data. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@gurukul.test`;
}

export type MailPurpose = 'verify-email' | 'reset-password' | 'invitation';

const LINK = /https?:\/\/\S+\/(?:verify-email|reset-password|invitation)\?token=\S+/;

export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<SessionAnswer> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SessionAnswer;
}

export async function apiLogout(request: APIRequestContext, jwtToken: string): Promise<number> {
  const response = await request.post('/api/auth/logout', { headers: authHeader(jwtToken) });
  return response.status();
}

/** The newest link of a kind mailed to an address, read from the outbox API as the demo developer. */
export async function mailedLinkViaApi(
  request: APIRequestContext,
  to: string,
  purpose: MailPurpose,
): Promise<string> {
  const developer = await apiLogin(request, DEMO.developer.email);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/logs/outbox', {
        headers: authHeader(developer.jwtToken),
        params: { limit: 200 },
      });
      const body = (await response.json()) as { messages: { to: string; text: string }[] };
      const message = body.messages.find((m) => m.to === to && m.text.includes(`/${purpose}?token=`));
      link = message?.text.match(LINK)?.[0];
      return link;
    })
    .toBeTruthy();
  await apiLogout(request, developer.jwtToken);
  return link as string;
}

/**
 * The newest link of a kind mailed to an address, read the way a person would: logged in as the demo
 * developer in a browser context of its own, on the /logs page's mail outbox.
 */
export async function mailedLinkViaLogsPage(
  browser: Browser,
  to: string,
  purpose: MailPurpose,
): Promise<string> {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  try {
    await loginAs(page, 'developer');
    await page.goto('/logs?tab=outbox');
    await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
    const subject =
      purpose === 'verify-email' ? 'Verify your Gurukul email address' : 'Reset your Gurukul password';
    // Messages are newest first; the page refreshes every 10 s, a reload is quicker.
    const message = page
      .getByTestId('outbox-message')
      .filter({ hasText: `To: ${to}` })
      .filter({ hasText: subject })
      .first();
    // The mail is written before the request that sends it answers, so the first load usually shows it; the
    // retries allow for a page that loads slowly on a busy CI machine (a 2 s try once failed all seven times).
    await expect(async () => {
      await page.reload();
      await expect(message).toBeVisible({ timeout: 8_000 });
    }).toPass({ timeout: 45_000 });
    const link = (await message.innerText()).match(LINK)?.[0];
    expect(link, 'the mail holds a link').toBeTruthy();
    return link as string;
  } finally {
    await context.close();
  }
}

/** Signs up through the API and verifies the address through the mailed link: a throwaway account. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  options: { userType: SignUpRole; fullName: string; prefix: string; password?: string; email?: string },
): Promise<{ email: string; password: string; fullName: string }> {
  const email = options.email ?? uniqueEmail(options.prefix);
  const password = options.password ?? 'Learner2026';
  const signUp = await request.post('/api/auth/sign-up', {
    data: {
      fullName: options.fullName,
      email,
      password,
      confirmPassword: password,
      userType: options.userType,
      terms: true,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await verifyMailedAddress(request, email);
  return { email, password, fullName: options.fullName };
}

/** Follows the verification link the sign-up mailed to `email`, as its owner would. */
async function verifyMailedAddress(request: APIRequestContext, email: string): Promise<void> {
  const link = await mailedLinkViaApi(request, email, 'verify-email');
  const token = new URL(link).searchParams.get('token');
  const verify = await request.post('/api/auth/verify-email', { data: { token } });
  expect(verify.status(), await verify.text()).toBe(200);
}

/**
 * A new teacher signs up through the form (which offers Teacher, Institute and Student; partners and developers
 * have their own links) and verifies the mailed link. It lives here, not in accounts.ts: this file imports that one.
 */
export async function signUpTeacherInBrowser(
  page: Page,
  request: APIRequestContext,
  account: { fullName: string; email: string; password: string },
): Promise<void> {
  await page.goto('/sign-up');
  await page.getByRole('combobox', { name: /^I am a/ }).click();
  // The select's own list: the public header's language select holds options too (decision 068).
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Teacher', 'Institute', 'Student']);
  await page.getByRole('option', { name: 'Teacher', exact: true }).click();
  await page.getByRole('textbox', { name: /^Full name/ }).fill(account.fullName);
  await page.getByRole('textbox', { name: /^Email/ }).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel(/^Confirm password/).fill(account.password);
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await verifyMailedAddress(request, account.email);
}

/** Logs in through the real form with any e-mail and password and waits for the given landing path. */
export async function loginWith(page: Page, email: string, password: string, landing: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(landing)}$`));
}

/** Everything the app keeps in local storage, as an object. */
export function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}
