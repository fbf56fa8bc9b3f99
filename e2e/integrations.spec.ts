import { GURU_MSG } from '../common/gurus';
import { loginAs } from './support/accounts';
import { seriousViolations } from './support/page-checks';
import { expect, expectFailedResponses, test } from './support/test';

/**
 * /integrations. The e2e server talks to no outside service: D-ID and ElevenLabs are unreachable, so every
 * key check fails and the honest answer is the refusal, with nothing saved.
 */
test.describe('integrations', () => {
  test('institute@ (Pro) sees both integrations; a key the service does not accept is refused', async ({
    page,
  }) => {
    await loginAs(page, 'institute');
    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    const did = page.getByRole('region', { name: 'D-ID' });
    const elevenLabs = page.getByRole('region', { name: 'ElevenLabs' });
    await expect(did.getByText('Talking-head videos for your gurus')).toBeVisible();
    await expect(elevenLabs.getByText('Natural and cloned voices')).toBeVisible();
    await expect(did.getByText('No key saved yet.')).toBeVisible();

    await did.getByRole('button', { name: 'Add key' }).click();
    const keyField = did.getByLabel('D-ID API key');
    await expect(keyField).toBeFocused();
    await keyField.fill('not-a-real-d-id-key-1234');
    await did.getByLabel('Note').fill('School account');
    expectFailedResponses({ status: 400, method: 'PUT', path: '/api/integrations/didApiKey' });
    await did.getByRole('button', { name: 'Check and save' }).click();
    await expect(did.getByText(GURU_MSG.keyCheckFailed)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: GURU_MSG.keyCheckFailed })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing was saved: after a reload the card still has no key.
    await page.reload();
    await expect(page.getByRole('region', { name: 'D-ID' }).getByText('No key saved yet.')).toBeVisible();
  });

  test('on a phone the cards stack and stay usable', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await loginAs(page, 'institute');
    await page.goto('/integrations');
    const cards = page.getByTestId('integration-card');
    await expect(cards).toHaveCount(2);
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second?.y ?? 0).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
    expect(first?.width ?? 0).toBeLessThanOrEqual(390);
  });

  test('teacher@ (Free Trial, no Integrations) does not see the page in the menu and cannot add a key', async ({
    page,
  }) => {
    await loginAs(page, 'teacher');
    await expect(page.getByRole('link', { name: 'Integrations' })).toHaveCount(0);
    await page.goto('/integrations');
    const addKey = page.getByRole('region', { name: 'D-ID' }).getByRole('button', { name: 'Add key' });
    await expect(addKey).toBeDisabled();
    await expect(addKey).toHaveAccessibleDescription(/^Your plan does not include Integrations\./);
    // The website, its settings and every guru's code are locked alike, each saying why and where to upgrade
    // (Get embed code was enabled beside a locked URL field).
    const website = page.getByTestId('website-section');
    await expect(website.getByRole('textbox', { name: 'Application URL' })).toBeDisabled();
    await expect(website.getByRole('button', { name: 'Save website' })).toBeDisabled();
    const code = website.getByRole('button', { name: 'Get embed code' }).first();
    await expect(code).toBeDisabled();
    await expect(code).toHaveAccessibleDescription(/^Your plan does not include Integrations\./);
    await expect(website.getByTestId('embed-needs-site')).toHaveCount(0);
    const note = website.getByTestId('plan-lock');
    await expect(note).toContainText('Your plan does not include Integrations.');
    await note.getByRole('link', { name: 'Upgrade your plan' }).click();
    await expect(page).toHaveURL(/\/plan\?page=upgrade$/);
  });
});
