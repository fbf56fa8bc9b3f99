import type { APIRequestContext } from '@playwright/test';
import { EMBED_MSG } from '../common/contracts/embed';
import { MSG } from '../common/messages';
import { OTHER_SITE_PORTS } from '../playwright.config';
import { DEMO, loginAs } from './support/accounts';
import { apiLogin, authHeader, trainGuruViaApi } from './support/api';
import { expect, test } from './support/test';

const REGISTERED = `http://127.0.0.1:${OTHER_SITE_PORTS[0]}`;
const NOT_REGISTERED = `http://127.0.0.1:${OTHER_SITE_PORTS[1]}`;
const FAQ = {
  question: 'When does the Sunrise School library open?',
  answer: 'The Sunrise School library opens at 7:30 every weekday morning and closes at 5 in the evening.',
};

/** A guru of the demo institute that learns one FAQ entry, trained and ready (made through the API). */
async function readyGuru(request: APIRequestContext, token: string): Promise<string> {
  const headers = authHeader(token);
  const created = await request.post('/api/gurus', {
    headers,
    data: { name: `Front Desk Guru ${Date.now()}`, subject: 'School information', teachingMode: 'direct' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await trainGuruViaApi(request, headers, id, [FAQ]);
  return id;
}

test.describe('the guru on the owner’s own website', () => {
  test.setTimeout(180_000);

  test('an institute registers its site, pastes the code there, and a visitor asks without an account; another site is refused', async ({
    page,
    browser,
    request,
  }) => {
    const { jwtToken } = await apiLogin(request, DEMO.institute.email);
    const guruId = await readyGuru(request, jwtToken);
    try {
      await loginAs(page, 'institute');
      await page.goto('/integrations');
      const section = page.getByRole('region', { name: 'Your website' });
      const url = section.getByLabel('Application URL');

      // Before a site is saved there is no code to give.
      const row = section.getByTestId('embed-guru-row').filter({ hasText: 'Front Desk Guru' });
      await row.getByRole('button', { name: 'Get embed code' }).click();
      await expect(page.getByRole('alert').filter({ hasText: EMBED_MSG.urlFirst })).toBeVisible();

      // The spec's messages, each when the field is left.
      await url.fill('https://www.sunrise.example/brochure.pdf');
      await url.blur();
      await expect(section.getByText(EMBED_MSG.fileUrl)).toBeVisible();
      await url.fill('sunrise school');
      await url.blur();
      await expect(section.getByText(EMBED_MSG.invalidUrl)).toBeVisible();

      await url.fill(`${REGISTERED}/`);
      await url.blur();
      await expect(section.getByText(EMBED_MSG.invalidUrl)).toHaveCount(0);
      await section.getByLabel('Let visitors ask without an account').check();
      // Visitors get a share of the plan's monthly sessions (decision 053): 25 % unless the school sets it.
      const share = section.getByLabel("Visitors' share of guru sessions (%)");
      await expect(share).toHaveValue('25');
      await share.fill('101');
      await share.blur();
      await expect(section.getByText(MSG.percentage)).toBeVisible();
      await share.fill('50');
      await share.blur();
      await expect(section.getByText(MSG.percentage)).toHaveCount(0);
      await section.getByRole('button', { name: 'Save website' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Website saved' })).toBeVisible();
      const saved = await request.get('/api/embed/site', { headers: authHeader(jwtToken) });
      expect(
        ((await saved.json()) as { site: { anonymousSharePercent: number } }).site.anonymousSharePercent,
      ).toBe(50);

      await row.getByRole('button', { name: 'Get embed code' }).click();
      const dialog = page.getByRole('dialog', { name: /^Embed Front Desk Guru/ });
      const script = await dialog.getByRole('textbox').inputValue();
      expect(script).toContain(`data-guru="${guruId}"`);
      await dialog.getByRole('tab', { name: 'Inline frame' }).click();
      const iframe = await dialog.getByRole('textbox').inputValue();
      expect(iframe).toContain(`/embed/guru/${guruId}`);

      // A visitor of the school's site, with no Gurukul account, opens the chat button and asks.
      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(`${REGISTERED}/page?code=${encodeURIComponent(script)}`);
      await visitor.getByRole('button', { name: 'Ask the guru' }).click();
      const frame = visitor.frameLocator('iframe[title="Ask the guru"]');
      await expect(frame.getByRole('heading', { name: /Front Desk Guru/ })).toBeVisible();
      await frame.getByLabel('Your question').fill('What time does the library open?');
      await frame.getByRole('button', { name: 'Ask' }).click();
      const answer = frame.getByTestId('embed-guru-message').last();
      await expect(answer).toContainText('7:30', { timeout: 60_000 });
      await expect(frame.getByTestId('embed-error-message')).toHaveCount(0);
      // Escape inside the guru closes it and gives the focus back to the button.
      await frame.getByLabel('Your question').press('Escape');
      await expect(visitor.getByRole('button', { name: 'Ask the guru' })).toBeFocused();
      await expect(visitor.locator('[data-gurukul="panel"]')).toBeHidden();

      // The school sees the session in Conversations, as an anonymous visitor of its site.
      await page.goto('/conversation-management');
      await expect(page.getByText(`Visitor on 127.0.0.1:${OTHER_SITE_PORTS[0]}`).first()).toBeVisible();

      // The same code on a site that is not registered: the browser refuses to show the frame at all.
      const elsewhere = await (await browser.newContext()).newPage();
      await elsewhere.goto(`${NOT_REGISTERED}/page?code=${encodeURIComponent(script)}`);
      const refused = elsewhere.waitForEvent('response', (response) =>
        response.url().includes(`/embed/guru/${guruId}`),
      );
      await elsewhere.getByRole('button', { name: 'Ask the guru' }).click();
      const framePolicy = (await (await refused).allHeaders())['content-security-policy'];
      expect(framePolicy).toContain(`frame-ancestors ${REGISTERED}`);
      await expect(elsewhere.frameLocator('iframe').getByLabel('Your question')).toHaveCount(0);
      // The visitor there is told, instead of an empty frame.
      await expect(elsewhere.getByText('The guru cannot be shown on this page right now.')).toBeVisible({
        timeout: 20_000,
      });
      // And its calls are refused by the server, whatever the page claims.
      const api = await request.get(`/api/embed/gurus/${guruId}`, {
        headers: { 'x-embed-origin': NOT_REGISTERED },
      });
      expect(api.status()).toBe(403);
      expect(((await api.json()) as { message: string }).message).toBe(EMBED_MSG.notThisSite);
    } finally {
      await request.delete('/api/embed/site', { headers: authHeader(jwtToken) });
      await request.delete(`/api/gurus/${guruId}`, { headers: authHeader(jwtToken) });
    }
  });
});
