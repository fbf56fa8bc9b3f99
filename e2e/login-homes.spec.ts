import { DEMO, type DemoKey, loginAs } from './support/accounts';
import { expect, test } from './support/test';

test.describe('every demo account logs in and lands on its home', () => {
  for (const key of Object.keys(DEMO) as DemoKey[]) {
    test(`${key} lands on ${DEMO[key].home}`, async ({ page }) => {
      await loginAs(page, key);
      const pathname = new URL(DEMO[key].home, 'http://x').pathname;
      if (pathname !== '/information') {
        await expect(page.getByTestId('profile-box')).toContainText(DEMO[key].name);
      } else {
        await expect(page.getByRole('heading', { level: 1 })).toContainText('has ended');
      }
    });
  }
});
