import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { placeToasts, toast } from './toast';
import { PRESS_RECENT_MS, type Rect, type ToastPosition, toastArea, toastPosition } from './toast-placement';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const NOW = 1_000_000;

/** A 36 px tall button `width` wide whose top left corner is at (left, top). */
const button = (left: number, top: number, width = 80): Rect => ({
  top,
  left,
  right: left + width,
  bottom: top + 36,
});
/** The position of a toast shown now, `ago` ms after `rect` was pressed. */
const placedAfterPress = (rect: Rect | null, viewport = DESKTOP, ago = 200) =>
  toastPosition(rect, viewport, NOW, NOW - ago);

describe('toastArea', () => {
  it('is 440 px wide at the top right of a desktop, and the full width less the margins on a phone', () => {
    expect(toastArea('top-right', DESKTOP)).toEqual({ top: 16, left: 824, right: 1264, bottom: 116 });
    expect(toastArea('bottom-right', PHONE)).toEqual({ top: 728, left: 16, right: 374, bottom: 828 });
  });
});

describe('toastPosition', () => {
  it('keeps the spec’s top right when nothing was pressed', () => {
    expect(placedAfterPress(null)).toBe('top-right');
  });

  it('keeps the top right when the pressed control lies elsewhere', () => {
    // A Save under a form, half way down the page; a control on the left, just below the header.
    expect(placedAfterPress(button(1100, 400), DESKTOP)).toBe('top-right');
    expect(placedAfterPress(button(300, 40), DESKTOP)).toBe('top-right');
  });

  it('moves to the bottom right when the toast would cover the Save button at the top right of a header', () => {
    expect(placedAfterPress(button(1150, 24), DESKTOP)).toBe('bottom-right');
  });

  it('moves on a phone, where the top toast spans the width, for a control anywhere along the top', () => {
    expect(placedAfterPress(button(20, 70, 40), PHONE)).toBe('bottom-right');
    // Just below the estimated toast: no clash.
    expect(placedAfterPress(button(20, 120, 40), PHONE)).toBe('top-right');
  });

  it('forgets a press made too long before the toast, or stamped after it', () => {
    const rect = button(1150, 24);
    expect(placedAfterPress(rect, DESKTOP, PRESS_RECENT_MS)).toBe('bottom-right');
    expect(placedAfterPress(rect, DESKTOP, PRESS_RECENT_MS + 1)).toBe('top-right');
    expect(placedAfterPress(rect, DESKTOP, -1)).toBe('top-right');
  });

  it('takes the next free corner for a control down the whole right side', () => {
    const column = { top: 0, left: 1000, right: 1280, bottom: 800 };
    expect(placedAfterPress(column)).toBe('top-left');
  });

  it('keeps the top right for a control no corner avoids', () => {
    const page = { top: 0, left: 0, right: 1280, bottom: 800 };
    expect(placedAfterPress(page)).toBe('top-right');
  });
});

describe('placeToasts', () => {
  const positions = () => notificationsStore.getState().notifications.map((item) => item.position);

  // The viewport, and the placement with it, loads after the first toast of a visit was raised.
  it('places the toast raised before the viewport loaded, then each new one as it is raised', () => {
    toast('success', 'Profile saved');
    expect(positions()).toEqual([undefined]);
    let next: ToastPosition = 'bottom-right';
    placeToasts(() => next);
    expect(positions()).toEqual(['bottom-right']);
    next = 'top-right';
    toast('danger', 'Could not save');
    expect(positions()).toEqual(['top-right']);
  });
});

describe("toastPosition and the page's main actions", () => {
  const submit = button(1100, 70, 160);

  it('keeps clear of a main action at the top right even when the press was elsewhere', () => {
    // An upload pressed half way down; "Submit for approval" sits where the toast would go.
    expect(toastPosition(button(300, 500), DESKTOP, NOW, NOW - 200, [submit])).toBe('bottom-right');
    expect(toastPosition(null, DESKTOP, NOW, 0, [submit])).toBe('bottom-right');
  });

  it('stays top right when the main actions lie elsewhere', () => {
    expect(toastPosition(null, DESKTOP, NOW, 0, [button(300, 600)])).toBe('top-right');
  });

  it('still leaves the pressed control uncovered when no corner avoids every main action', () => {
    const pressedBottomRight = button(1150, 740);
    const everywhere = [button(0, 0, 1280), { top: 700, left: 0, right: 1280, bottom: 800 }];
    expect(toastPosition(pressedBottomRight, DESKTOP, NOW, NOW - 200, everywhere)).toBe('top-right');
  });
});
