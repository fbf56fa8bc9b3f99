import { createVerifiedAccount, loginWith } from './support/api';
import { expect, type Locator, type Page, test } from './support/test';

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast's box once its slide-in has finished (two reads 100 ms apart agree). */
async function settledBox(toast: Locator): Promise<Box> {
  let previous: Box | null = null;
  await expect
    .poll(
      async () => {
        const box = await toast.boundingBox();
        const settled = box !== null && previous !== null && JSON.stringify(box) === JSON.stringify(previous);
        previous = box;
        return settled;
      },
      { intervals: [100] },
    )
    .toBe(true);
  return previous as unknown as Box;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found as Box;
}

/** Scrolls the page so the top of `locator` sits `y` px below the top of the viewport. */
async function scrollTopTo(page: Page, locator: Locator, y: number): Promise<void> {
  const delta = (await box(locator)).y - y;
  await page.evaluate((by) => window.scrollBy(0, by), delta);
  await expect.poll(async () => Math.round((await box(locator)).y)).toBe(Math.round(y));
}

const VIEWPORTS = [
  // No header on a desktop: a control can sit right at the top of the page.
  { name: 'desktop', size: { width: 1280, height: 800 }, top: 40 },
  // The phone's header is 56 px tall; just under it the full-width toast would lie over the control.
  { name: 'phone', size: { width: 390, height: 844 }, top: 64 },
];

test.describe('toasts keep clear of the control just pressed (issue 21)', () => {
  for (const viewport of VIEWPORTS) {
    test(`on a ${viewport.name}, a toast answering a press near the top moves away from that control`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport.size);
      // A fresh account: its name is the only thing changed.
      const account = await createVerifiedAccount(request, {
        userType: 'student',
        fullName: 'Tomas Toaster',
        prefix: 'toasts',
      });
      await loginWith(page, account.email, account.password, '/subscribed-courses');
      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Personal details' });
      const name = section.getByLabel(/^Full name/);
      const save = section.getByRole('button', { name: 'Save' });
      const saved = page.getByRole('alert').filter({ hasText: 'Profile saved' });

      // Pressed half way down the page, the toast takes the spec's place: top right.
      await name.fill('Tomas Toaster One');
      await save.click();
      const topRight = await settledBox(saved);
      expect(topRight.y).toBeLessThan(40);
      expect(topRight.x + topRight.width).toBeGreaterThan(viewport.size.width - 40);
      expect(intersects(topRight, await box(save))).toBe(false);
      await saved.getByRole('button', { name: 'Close notification' }).click();
      await expect(saved).toHaveCount(0);

      // The same Save scrolled up to where that toast just was: the next toast goes elsewhere.
      await name.fill('Tomas Toaster Two');
      await scrollTopTo(page, save, viewport.top);
      const pressed = await box(save);
      expect(intersects(topRight, pressed), 'the Save button lies where the toast was').toBe(true);
      await save.click();
      const moved = await settledBox(saved);
      expect(intersects(moved, pressed), 'the toast covers the Save button just pressed').toBe(false);
      expect(intersects(moved, await box(save))).toBe(false);
      // The next corner in line: bottom right, still on screen.
      expect(moved.y).toBeGreaterThan(viewport.size.height / 2);
      expect(moved.y + moved.height).toBeLessThanOrEqual(viewport.size.height);
      await saved.getByRole('button', { name: 'Close notification' }).click();
      await expect(saved).toHaveCount(0);

      // By keyboard, and as the first toast of a visit (raised before the toast viewport has loaded): Enter in
      // the name field, now where the toast was, saves, and the toast leaves the field clear.
      await page.reload();
      await name.fill('Tomas Toaster Three');
      await scrollTopTo(page, name, viewport.top);
      const field = await box(name);
      expect(intersects(topRight, field), 'the name field lies where the toast was').toBe(true);
      await name.press('Enter');
      const away = await settledBox(saved);
      expect(intersects(away, field), 'the toast covers the field Enter was pressed in').toBe(false);
    });
  }
});
