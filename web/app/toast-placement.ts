import type { Press } from './last-press';

/** A box in viewport pixels, as `getBoundingClientRect()` gives it. */
export interface Rect {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Viewport {
  width: number;
  height: number;
}

/** The corners a toast may take; Mantine renders one container per corner. */
export type ToastPosition = 'top-right' | 'bottom-right' | 'top-left' | 'bottom-left';

/** A toast raised this soon after a press is taken to answer it, and keeps clear of the control pressed. */
export const PRESS_RECENT_MS = 5000;

// Mantine's notification container: `spacing.md` from the viewport's edges, at most 440 px wide (the full
// width minus the margins on a phone). A toast with a title and a line or two of text is under 100 px tall.
const EDGE = 16;
const CONTAINER_WIDTH = 440;
const TOAST_HEIGHT = 100;

// The spec's corner first; the first that leaves the pressed control uncovered wins.
const PREFERENCE: readonly ToastPosition[] = ['top-right', 'bottom-right', 'top-left', 'bottom-left'];

/** Where a toast shown at `position` is expected to lie in `viewport`. */
export function toastArea(position: ToastPosition, viewport: Viewport): Rect {
  const width = Math.min(CONTAINER_WIDTH, viewport.width - 2 * EDGE);
  const left = position.endsWith('right') ? viewport.width - EDGE - width : EDGE;
  const top = position.startsWith('top') ? EDGE : viewport.height - EDGE - TOAST_HEIGHT;
  return { top, left, right: left + width, bottom: top + TOAST_HEIGHT };
}

const intersects = (a: Rect, b: Rect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The spec's top right, unless the control the user pressed (`pressed`, its box) at `pressedAt`, within the
 * last few seconds, lies there: then the first other corner that leaves it uncovered, so the toast answering
 * a Save never hides it. A control no corner avoids (one as large as the screen) keeps the spec's place.
 * `keepClear`: the page's main actions (marked `data-keep-clear`, e.g. "Submit for approval" above the course
 * wizard, the next thing a teacher presses after an upload); a corner that covers none of them is preferred,
 * as long as it also leaves the pressed control uncovered.
 */
export function toastPosition(
  pressed: Rect | null,
  viewport: Viewport,
  now: number,
  pressedAt: number,
  keepClear: readonly Rect[] = [],
): ToastPosition {
  const recent = pressed !== null && now - pressedAt <= PRESS_RECENT_MS && now >= pressedAt;
  const avoids = (position: ToastPosition, boxes: readonly Rect[]) =>
    boxes.every((box) => !intersects(toastArea(position, viewport), box));
  const mustAvoid = recent && pressed ? [pressed] : [];
  return (
    PREFERENCE.find((position) => avoids(position, [...mustAvoid, ...keepClear])) ??
    PREFERENCE.find((position) => avoids(position, mustAvoid)) ??
    'top-right'
  );
}

// What a person presses to act. A press elsewhere (text, a card's padding, the page's background) is no
// control a toast could hide: it leaves the toast in its place.
const PRESSABLE = [
  'button',
  'a[href]',
  'input',
  'select',
  'textarea',
  'label',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role^="menuitem"]',
  '[role="tab"]',
  '[role="radio"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="option"]',
  // Not tabindex -1: dialogs and regions take it to hold focus and would count as one large control.
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Where a toast shown now goes, given the user's last press (last-press.ts): the control pressed is measured
 * where it is now (one removed since, as a dialog's Save, measures empty and hides nothing).
 */
export function placeToast(press: Press | null): ToastPosition {
  const control = press?.target instanceof Element ? press.target.closest(PRESSABLE) : null;
  const { clientWidth: width, clientHeight: height } = document.documentElement;
  const keepClear = [...document.querySelectorAll('[data-keep-clear]')]
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);
  return toastPosition(
    control?.getBoundingClientRect() ?? null,
    { width, height },
    Date.now(),
    press?.at ?? 0,
    keepClear,
  );
}
