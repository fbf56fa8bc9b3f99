import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { DEMO, DEMO_PASSWORD, type DemoKey } from './support/accounts';
import { layoutProblems, settled } from './support/page-checks';
import { demoIds, SWEEPS } from './support/route-sweeps';
import { expect, expectFailedResponses, type Page, test } from './support/test';

/**
 * Every page of the route table in Hindi on a 390 px phone (issue 32 item 1, decisions 068 and 069), as each role
 * that may open it sees it: the page is in Hindi (`<html lang="hi">`), shows no catalog key in place of a message
 * (a key missing from its feature's catalogs, or a catalog never registered), and Hindi's longer words neither
 * push the page sideways nor cut a control off. Axe and the desktop run in English: e2e/every-page.spec.ts.
 */

const PHONE = { width: 390, height: 844 };

/** Every message key of the core catalogs and of each feature's: none of them may ever be shown. */
function catalogKeys(): string[] {
  const read = (url: URL) => Object.keys(JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>);
  const features = new URL('../web/features/', import.meta.url);
  const featureCatalogs = readdirSync(features)
    .map((name) => new URL(`${name}/i18n/en.json`, features))
    .filter((url) => existsSync(url));
  return [new URL('../common/i18n/en.json', import.meta.url), ...featureCatalogs].flatMap(read);
}
const KEYS = catalogKeys();
const hi = JSON.parse(readFileSync(new URL('../common/i18n/hi.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;

/** Logs in through the real form, which a Hindi browser shows in Hindi; the account's own language is untouched. */
async function loginInHindi(page: Page, key: DemoKey): Promise<void> {
  const account = DEMO[key];
  await page.goto('/login');
  await page.getByLabel(hi['auth.field.email']).fill(account.email);
  await page.getByLabel(new RegExp(`^${hi['auth.field.password']}`)).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: hi['auth.login.title'] }).click();
  await expect(page).toHaveURL(new RegExp(`${account.home.replace(/[?]/g, '\\?')}$`));
}

/** The catalogs' namespaces ("quizzes", "auth"…): a text `<namespace>.<name>` is a key, known or misspelt. */
const NAMESPACES = [...new Set(KEYS.map((key) => key.split('.')[0]))];

/** What the page shows or reads out that is a catalog key rather than its message. */
async function keysShown(page: Page): Promise<string[]> {
  return page.evaluate((namespaces) => {
    const keyShaped = new RegExp(`^(${namespaces.join('|')})(\\.[\\w-]+)+$`, 'u');
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (keyShaped.test(text)) found.add(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value && keyShaped.test(value)) found.add(`${name}=${value}`);
      }
    }
    return [...found];
  }, NAMESPACES);
}

// A failure lists every problem path by path; no trace is kept, as in e2e/every-page.spec.ts.
test.use({ locale: 'hi-IN', viewport: PHONE, trace: 'off' });

for (const sweep of SWEEPS) {
  test(`${sweep.title} (${sweep.who}) in Hindi at 390 px: no key shown, nothing cut off`, async ({
    page,
    request,
  }) => {
    const paths = sweep.paths(await demoIds(request));
    expectFailedResponses(...(sweep.refusals ?? []));
    // A few seconds a page on a quiet machine, several times that on a slow one; the limit bounds a hang.
    test.setTimeout(60_000 + paths.length * 45_000);
    if (sweep.who !== 'visitor') await loginInHindi(page, sweep.who);
    const problems: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
      if ((await page.locator('html').getAttribute('lang')) !== 'hi') problems.push(`${path}: not in Hindi`);
      for (const key of await keysShown(page)) problems.push(`${path}: shows the key ${key}`);
      for (const found of await layoutProblems(page)) problems.push(`${path}: ${found}`);
    }
    expect(problems).toEqual([]);
  });
}
