import { type NavItem, SIDE_NAV } from '../common/navigation';
import type { UserType } from '../common/roles';
import { findRoute } from '../common/routes';
import { DEMO, type DemoKey, loginAs } from './support/accounts';
import { escapeRegExp } from './support/api';
import { navItemName } from './support/course-pages';
import { expect, type Locator, type Page, test } from './support/test';

interface RoleCase {
  key: DemoKey;
  userType: UserType;
  items: NavItem[];
  explore: boolean;
  plan: { label: string; href: string } | null;
  help: boolean;
  planName: string | null;
  trialText: string | null;
}

const CASES: RoleCase[] = [
  {
    key: 'admin',
    userType: 'admin',
    items: SIDE_NAV.admin,
    explore: false,
    plan: null,
    help: false,
    planName: null,
    trialText: null,
  },
  {
    key: 'teacher',
    userType: 'teacher',
    // teacher@ is on the Free Trial plan, which gives Integrations NONE: the item is hidden.
    items: SIDE_NAV.teacher.filter((entry) => entry.module !== 'integrations'),
    explore: true,
    plan: { label: 'Upgrade Plan', href: '/plan?page=upgrade' },
    help: true,
    planName: 'Free Trial',
    trialText: '10 Days Remaining',
  },
  {
    key: 'institute',
    userType: 'institute',
    items: SIDE_NAV.institute,
    explore: true,
    plan: { label: 'Manage Plan', href: '/plan?page=manage' },
    help: true,
    planName: 'Pro',
    trialText: null,
  },
  {
    // A teacher inside an institute: no Invoice, no plan of their own, the institute's plan name.
    key: 'faculty',
    userType: 'teacher',
    items: SIDE_NAV.teacher.filter((item) => item.to !== '/invoice'),
    explore: true,
    plan: null,
    help: true,
    planName: 'Pro',
    trialText: null,
  },
  {
    key: 'student',
    userType: 'student',
    items: SIDE_NAV.student,
    explore: true,
    plan: null,
    help: true,
    planName: null,
    trialText: null,
  },
  {
    key: 'partner',
    userType: 'partner',
    items: SIDE_NAV.partner,
    explore: false,
    plan: null,
    help: true,
    planName: null,
    trialText: null,
  },
  {
    key: 'developer',
    userType: 'developer',
    items: SIDE_NAV.developer,
    explore: false,
    plan: null,
    help: true,
    planName: null,
    trialText: null,
  },
];

const sideNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Side navigation' });
const endsWith = (path: string) => new RegExp(`${escapeRegExp(path)}$`);

async function openProfileMenu(page: Page): Promise<Locator> {
  await sideNav(page).getByRole('button', { name: 'Open profile menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('side navigation, footer and profile menu per role (SPEC §2)', () => {
  for (const role of CASES) {
    test(`${role.key}: exact items, working links and the footer menu`, async ({ page }) => {
      await loginAs(page, role.key);
      const nav = sideNav(page);
      await expect(nav).toBeVisible();

      // Every link in the navigation, in order: the logo, the role's items, then Explore Courses.
      const expected = [
        { name: 'Gurukul home', href: DEMO[role.key].home },
        ...role.items.map((item) => ({ name: navItemName(item.label), href: item.to })),
        ...(role.explore ? [{ name: 'Explore Courses', href: '/explore-new-courses' }] : []),
      ];
      const links = nav.getByRole('link');
      await expect(links).toHaveCount(expected.length);
      for (const [index, link] of expected.entries()) {
        await expect(links.nth(index)).toHaveAccessibleName(link.name);
        await expect(links.nth(index)).toHaveAttribute('href', link.href);
      }
      for (const item of role.items) {
        await expect(nav.getByRole('link', { name: navItemName(item.label) })).toContainText(item.label);
      }

      // The profile box: full name, plan name, and the trial countdown only during a trial.
      const box = page.getByTestId('profile-box');
      await expect(box).toContainText(DEMO[role.key].name);
      if (role.planName) await expect(box).toContainText(role.planName);
      else await expect(box).not.toContainText(/Starter|Pro\b/);
      if (role.trialText) await expect(box.getByTestId('trial-days')).toHaveText(role.trialText);
      else {
        await expect(box.getByTestId('trial-days')).toHaveCount(0);
        await expect(box).not.toContainText('Remaining');
      }

      // The footer/profile menu.
      const menu = await openProfileMenu(page);
      const planEntry = menu.getByRole('menuitem', { name: /Plan$/ });
      if (role.plan) {
        await expect(planEntry).toHaveCount(1);
        await expect(planEntry).toHaveAccessibleName(role.plan.label);
        await expect(planEntry).toHaveAttribute('href', role.plan.href);
      } else {
        await expect(planEntry).toHaveCount(0);
      }
      await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
      const help = menu.getByRole('menuitem', { name: 'Help' });
      if (role.help) await expect(help).toHaveAttribute('href', '/support-tickets');
      else await expect(help).toHaveCount(0);
      await expect(menu.getByRole('menuitemcheckbox', { name: 'Dark mode' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();

      // Each item leads to its path, marks itself as the current page and sets the page title.
      for (const item of role.items) {
        const link = nav.getByRole('link', { name: navItemName(item.label) });
        await link.click();
        await expect(page).toHaveURL(endsWith(item.to));
        await expect(link).toHaveAttribute('aria-current', 'page');
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
        const route = findRoute(new URL(item.to, 'http://x').pathname);
        expect(route, `${item.to} is a route`).toBeTruthy();
        await expect(page).toHaveTitle(`${route?.name} | Gurukul`);
      }
    });
  }

  test('admin sees the seeded pending-approval count on the Approvals item', async ({ page }) => {
    await loginAs(page, 'admin');
    const approvals = sideNav(page).getByRole('link', { name: 'Approvals 2', exact: true });
    await expect(approvals.getByTestId('approvals-badge')).toHaveText('2');
    await expect(page.getByTestId('approvals-badge')).toHaveCount(1);
  });

  test('page titles are "<route name> | Gurukul"', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Login | Gurukul');
    await page.goto('/sign-up');
    await expect(page).toHaveTitle('Sign Up | Gurukul');
    await loginAs(page, 'teacher');
    await expect(page).toHaveTitle('Guru | Gurukul');
    await sideNav(page).getByRole('link', { name: 'My Reports', exact: true }).click();
    await expect(page).toHaveTitle('My Reports | Gurukul');
    await sideNav(page).getByRole('link', { name: 'Course Management', exact: true }).click();
    await expect(page).toHaveTitle('Course Management | Gurukul');
    await page.goto('/profile');
    await expect(page).toHaveTitle('Profile | Gurukul');
    await page.goto('/no-such-page');
    await expect(page).toHaveTitle('Gurukul');
  });

  test('collapsing the navigation is remembered across a reload', async ({ page }) => {
    await loginAs(page, 'teacher');
    const nav = sideNav(page);
    const guru = nav.getByRole('link', { name: 'Guru', exact: true });
    await expect(guru).toHaveText('Guru');
    const wide = (await nav.boundingBox())?.width ?? 0;

    await nav.getByRole('button', { name: 'Collapse navigation' }).click();
    await expect(nav.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
    await expect(guru).toHaveText('');
    await expect(page.getByTestId('profile-box')).not.toContainText(DEMO.teacher.name);
    expect(await page.evaluate(() => localStorage.getItem('sideNav'))).toContain('collapsed');

    await page.reload();
    await expect(nav.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
    await expect(guru).toHaveText('');
    await expect(guru).toHaveAccessibleName('Guru');
    const narrow = (await nav.boundingBox())?.width ?? 0;
    expect(narrow).toBeLessThan(wide);

    // Links still work while collapsed.
    await nav.getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page).toHaveURL(endsWith('/report?tab=student'));

    // On a phone the menu opens as a drawer with every name, collapsed on the desktop or not.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(guru).toBeInViewport();
    await expect(guru).toHaveText('Guru');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.reload();
    await expect(guru).toHaveText('');

    await nav.getByRole('button', { name: 'Expand navigation' }).click();
    await expect(guru).toHaveText('Guru');
    await page.reload();
    await expect(nav.getByRole('button', { name: 'Collapse navigation' })).toBeVisible();
    await expect(page.getByTestId('profile-box')).toContainText(DEMO.teacher.name);
  });

  test('on a phone the navigation opens from the burger and closes after choosing an item', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await loginAs(page, 'student');
    const nav = sideNav(page);
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await expect(burger).toBeVisible();
    const myReports = nav.getByRole('link', { name: 'My Reports', exact: true });
    await expect(myReports).not.toBeInViewport();

    await burger.click();
    await expect(myReports).toBeInViewport();
    await expect(nav.getByRole('button', { name: 'Collapse navigation' })).toBeHidden();
    await myReports.click();
    await expect(page).toHaveURL(endsWith('/summary-report?tab=quiz'));
    await expect(myReports).not.toBeInViewport();
    await expect(myReports).toHaveAttribute('aria-current', 'page');
    await context.close();
  });

  test('a route change (SPEC §9) scrolls to the top and closes the profile menu (toasts: web/app/toast.test.ts)', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 500 } });
    const page = await context.newPage();
    await loginAs(page, 'teacher');
    const nav = sideNav(page);
    await nav.getByRole('link', { name: 'Course Management', exact: true }).click();
    await expect(page).toHaveURL(endsWith('/course-list?tab=course'));
    // A page taller than the window, scrolled down, then another page from the navigation. The list may still be
    // drawing (its first render puts the page back at the top): scroll until the position holds for a moment.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          document.body.style.minHeight = '3000px';
          window.scrollTo(0, 1500);
          await new Promise((resolve) => setTimeout(resolve, 250));
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(0);
    await nav.getByRole('link', { name: 'Course Library', exact: true }).click();
    await expect(page).toHaveURL(endsWith('/course-library-list'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // The profile menu open when the user goes back: it does not stay over the next page.
    await page.getByTestId('profile-box').click();
    const profileLink = page.getByRole('menuitem', { name: 'Profile' });
    await expect(profileLink).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(endsWith('/course-list?tab=course'));
    await expect(profileLink).toBeHidden();
    await context.close();
  });
});
