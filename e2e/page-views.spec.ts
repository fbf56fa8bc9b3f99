import { randomBytes } from 'node:crypto';
import type { PageView } from '../common/contracts/insight';
import { INSIGHT_PORT } from '../playwright.config';
import { expect, test } from './support/test';

// SPEC §7: on the production origin (PUBLIC_URL is http://127.0.0.1:<port>) each route change sends
// { project, page, referrer } to INSIGHT_URL, here a local receiver; the same app reached under another name sends
// nothing. Other journeys run beside this one and send their own views, so each test looks for its own marker.
const received = async (): Promise<PageView[]> => {
  const answer = await fetch(`http://127.0.0.1:${INSIGHT_PORT}/received`);
  const rows = (await answer.json()) as { body: string }[];
  return rows.map((row) => JSON.parse(row.body) as PageView);
};

test.describe('page-view insight', () => {
  test('sends each page of a visit with the page before it, without query strings', async ({
    page,
    baseURL,
  }) => {
    const marker = `from-${randomBytes(4).toString('hex')}`;
    await page.goto(`/missing-${marker}?token=secret-${marker}`, {
      referer: `https://search.example/${marker}?q=maths`,
    });
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Take me home' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);

    await expect
      .poll(async () => (await received()).filter((view) => JSON.stringify(view).includes(marker)))
      .toEqual([
        { project: 'gurukul-e2e', page: `/missing-${marker}`, referrer: `https://search.example/${marker}` },
        { project: 'gurukul-e2e', page: '/', referrer: `${baseURL}/missing-${marker}` },
      ]);
    expect(JSON.stringify(await received())).not.toContain(`secret-${marker}`);
  });

  test('sends nothing from an origin that is not the production one', async ({ page, baseURL }) => {
    const marker = `elsewhere-${randomBytes(4).toString('hex')}`;
    const elsewhere = (baseURL as string).replace('127.0.0.1', 'localhost');
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/common/insight'));
    await page.goto(`${elsewhere}/missing-${marker}`);
    expect((await asked).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Take me home' }).click();
    await page.waitForTimeout(1000);
    expect(JSON.stringify(await received())).not.toContain(marker);
  });
});
