import { expect, type Page } from '@playwright/test';
import axe, { type AxeResults, type RunOptions } from 'axe-core';

/** The axe rules whose outcome depends on colours: all a second scan in the other colour scheme needs to run. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What a full scan checks: every WCAG 2.0, 2.1 and 2.2 A and AA rule (some, like target-size, are off unless a
 * tag asks for them) and the best practices axe ran by default before (decision 048).
 */
export const SCANNED_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22a',
  'wcag22aa',
  'best-practice',
];

/**
 * WCAG A and AA rules axe still calls experimental, which a tag alone does not run: named so they run too. Left
 * out: p-as-heading, which takes every bold value for a heading (a price, a figure, a question's number) — axe keeps
 * it experimental for that reason; deprecated rules (audio-caption, aria-roledescription, duplicate-id*), as WCAG
 * 2.2 dropped 4.1.1 and axe replaced the others.
 */
export const EXPERIMENTAL_WCAG_RULES = ['css-orientation-lock', 'table-fake-caption', 'td-has-header'];

/**
 * The rules whose outcome depends on the page's width, checked again at 390 px: a target's size and spacing, a
 * control's visible text (a phone layout may show less of it), a region that only scrolls when narrow.
 */
export const LAYOUT_RULES = ['target-size', 'label-content-name-mismatch', 'scrollable-region-focusable'];

/**
 * Serious and critical axe violations, summarised so a failure says what and where; without `rules`, every rule of
 * SCANNED_TAGS and EXPERIMENTAL_WCAG_RULES runs, with `rules` only those.
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  await transitionsEnded(page);
  await injectAxe(page);
  const options: RunOptions = {
    // Only violations are read: axe then keeps one node per passed or inapplicable rule instead of every node
    // it checked.
    resultTypes: ['violations'],
    ...(rules
      ? { runOnly: { type: 'rule', values: rules } }
      : {
          runOnly: { type: 'tag', values: SCANNED_TAGS },
          rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((rule) => [rule, { enabled: true }])),
        }),
  };
  const results = await page.evaluate((options) => window.axe.run(document, options), options);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * Waits until nothing is fading or sliding: a toast or a dialog half way through its entrance is half transparent,
 * and axe would measure its text against a blend of the page (CI failed the support desk's canned-replies dialog on
 * that, 2026-11-29). Every finite CSS animation and transition must have ended, and every toast, dialog, drawer and
 * dropdown must be fully opaque (Mantine sets the starting opacity a frame before the transition starts, when no
 * transition is running yet). A spinner's or skeleton's endless animation is not waited for.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const moving = document
      .getAnimations()
      .some(
        (animation) =>
          animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
      );
    if (moving) return false;
    const layers = document.querySelectorAll(
      '.mantine-Notifications-root *, .mantine-Modal-content, .mantine-Drawer-content, .mantine-Popover-dropdown, .mantine-Menu-dropdown',
    );
    return [...layers].every((element) => getComputedStyle(element).opacity === '1');
  });
}

declare global {
  interface Window {
    axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/**
 * Puts axe into the page's frames once per document. @axe-core/playwright evaluated its 550 kB source twice per
 * scan (once to probe, once per frame), and CI's trace showed each evaluation at 2–7 s on a loaded machine: with
 * three scans a page in the every-page sweep, that was half of the sweep's time (2026-11-29). A frame of another
 * origin, or one detached meanwhile, is left out, as the builder's same-origin mode left it.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => typeof window.axe === 'undefined')) await frame.evaluate(axe.source);
    } catch {
      // Not scannable from here: axe.run skips a frame without axe after its frame timeout.
    }
  }
}

/** Switches the page to dark mode for this page only (not saved), as a user's setting would. */
export async function showDark(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // Colours fade to the new scheme (Mantine's 150 ms transitions): measure once every transition has ended.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
}

/**
 * Waits until a page has drawn what it loads: no request in flight for half a second (unless `network` is false,
 * as after a resize, which fetches nothing) and no loader or skeleton showing. Pages differ in what they show, so the sweep waits on these signs rather than on a heading each.
 */
export async function settled(page: Page, { network = true } = {}): Promise<void> {
  if (network) await page.waitForLoadState('networkidle');
  await expect(
    page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible="true"]'),
  ).toHaveCount(0);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
}

/**
 * What a narrow screen gets wrong, read from the drawn page: the page scrolling sideways (with the elements that
 * stick out), and controls cut off — a button, link, tab, badge or chosen value whose text is clipped or that
 * reaches past the screen's edge. Content inside a container that scrolls sideways on purpose (a wide table in
 * its scroll area, a row of chips) is reachable by scrolling it and is not counted.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  // A resize is laid out over the next frames, and on a loaded machine (CI saw a teacher's /profile measured
  // 453 px wide just after the switch to 390 px, 2026-11-28) that can take seconds: a real problem stays, so
  // the page is read again until it has none or LAYOUT_PATIENCE_MS has passed, and the last reading counts.
  const deadline = Date.now() + LAYOUT_PATIENCE_MS;
  let found = await layoutProblemsNow(page);
  while (found.length > 0 && Date.now() < deadline) {
    await page.waitForTimeout(250);
    found = await layoutProblemsNow(page);
  }
  return found;
}

const LAYOUT_PATIENCE_MS = 5_000;

/** One reading of layoutProblems. */
function layoutProblemsNow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (element: Element) => {
      const text = (element.getAttribute('aria-label') || element.textContent || '')
        .trim()
        .replace(/\s+/g, ' ');
      const classes = [...element.classList]
        .filter((name) => name.startsWith('mantine-'))
        .slice(0, 2)
        .join('.');
      return `<${element.tagName.toLowerCase()}${classes ? ` .${classes}` : ''}> "${text.slice(0, 40)}"`;
    };
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    const scrollsSideways = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        element.scrollWidth > element.clientWidth
      );
    };
    const inSidewaysScroller = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (scrollsSideways(parent)) return true;
      }
      return false;
    };
    // Hidden on purpose: off-canvas navigation, visually hidden labels, closed popovers.
    const hiddenOnPurpose = (element: Element) =>
      element.closest('[aria-hidden="true"], [inert], .mantine-visually-hidden, [data-hidden-off-canvas]') !==
      null;

    if (document.documentElement.scrollWidth > width + 1) {
      const culprits = [...document.querySelectorAll('body *')]
        .filter((element) => visible(element) && !inSidewaysScroller(element) && !hiddenOnPurpose(element))
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        // The innermost ones: an element whose child also sticks out is only its container.
        .filter(
          (element) =>
            ![...element.children].some((child) => child.getBoundingClientRect().right > width + 1),
        )
        .slice(0, 5)
        .map(describe);
      problems.push(
        `scrolls sideways (${document.documentElement.scrollWidth} px > ${width} px): ${culprits.join(', ')}`,
      );
    }

    const controls = document.querySelectorAll(
      'button, a[href], [role="tab"], [role="button"], .mantine-Badge-root, input[readonly], .mantine-SegmentedControl-label',
    );
    for (const control of controls) {
      if (!visible(control) || hiddenOnPurpose(control) || inSidewaysScroller(control)) continue;
      const rect = control.getBoundingClientRect();
      // Wholly off screen is off-canvas on purpose (the closed phone menu, a skip link); sideways scrolling that
      // would bring it in is caught above.
      if (rect.right <= 0 || rect.left >= width) continue;
      if (rect.right > width + 1 || rect.left < -1) {
        problems.push(`past the screen's edge: ${describe(control)}`);
        continue;
      }
      const clipped = [control, ...control.querySelectorAll('*')].find((part) => {
        if (!visible(part)) return false;
        const style = getComputedStyle(part);
        const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || part.tagName === 'INPUT';
        return clips && part.scrollWidth > part.clientWidth + 1;
      });
      if (clipped) problems.push(`text cut off: ${describe(control)}`);
    }
    return [...new Set(problems)];
  });
}
