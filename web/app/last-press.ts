/** What the user last pressed (the event's target) and when, in ms since the epoch. */
export interface Press {
  target: EventTarget | null;
  at: number;
}

let last: Press | null = null;

function remember(event: Event): void {
  // A script's own click (downloadFile's temporary link) is not the user's; typing is not a press.
  if (
    !event.isTrusted ||
    (event.type === 'keydown' && !['Enter', ' '].includes((event as KeyboardEvent).key))
  ) {
    return;
  }
  last = { target: event.target, at: Date.now() };
}

/**
 * Follows what the user presses (a pointer, Enter or Space, or an assistive technology's click) in the capture
 * phase, before a handler can move or remove it. Kept this small as it loads with every page; what the press
 * means for a toast is worked out by toast-placement.ts, loaded with the first toast.
 */
export function trackPresses(target: Document): void {
  for (const type of ['pointerdown', 'click', 'keydown']) {
    target.addEventListener(type, remember, { capture: true, passive: true });
  }
}

export function lastPress(): Press | null {
  return last;
}
