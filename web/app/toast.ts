import { notifications, notificationsStore } from '@mantine/notifications';
import { t } from './i18n';
import { lastPress, type Press, trackPresses } from './last-press';
import type { ToastPosition } from './toast-placement';

export type ToastKind = 'success' | 'danger' | 'warning' | 'info';

const COLORS: Record<ToastKind, string> = {
  success: 'green',
  danger: 'red',
  warning: 'yellow',
  info: 'blue',
};

/** Which page each shown toast was raised on, and when: a route change closes those of the page left. */
const raised = new Map<string, { page: string; at: number }>();

/**
 * A toast raised this long before the user left its page was about that page; one raised later (or after) is
 * the outcome of the action that navigated ("Course saved", then the list) and stays for the next page.
 */
export const TOAST_OUTLIVES_PAGE_MS = 1000;

/** Closes the toasts raised on `page` well before it was left at `leftAt` (route-change.ts). */
export function closeToastsLeftBehind(page: string, leftAt: number): void {
  for (const shown of notificationsStore.getState().notifications) {
    const origin = shown.id ? raised.get(shown.id) : undefined;
    if (origin && origin.page === page && origin.at < leftAt - TOAST_OUTLIVES_PAGE_MS && shown.id) {
      notifications.hide(shown.id);
      raised.delete(shown.id);
    }
  }
}

// From the first import of toast(), so the press a toast answers is known when the toast comes.
if (typeof document !== 'undefined') trackPresses(document);

/** Where a toast goes after the last press: toast-placement.ts, loaded with the viewport on the first toast. */
let place: ((press: Press | null) => ToastPosition) | undefined;

/**
 * Called by the toast viewport as it loads (notifications-view.tsx) with the placement, which also places
 * the toasts raised while it loaded (the first of a visit): nothing is on screen yet, so nothing jumps.
 */
export function placeToasts(placement: (press: Press | null) => ToastPosition): void {
  place = placement;
  for (const shown of notificationsStore.getState().notifications) {
    if (!shown.position) notifications.update({ ...shown, position: placement(lastPress()) });
  }
}

/**
 * The spec's toasts: 3000 ms, top right, one at a time (the limit is set in notifications-view.tsx; clean()
 * keeps it across corners too, as Mantine counts the limit per corner). A toast that would cover the control
 * the user just pressed takes another corner (toast-placement.ts).
 */
export function toast(kind: ToastKind, message: string): void {
  // Several requests failing together (a revoked token answers 401 to each) must show one toast:
  // the same message keeps its toast instead of replacing it with a twin while the first fades out.
  const id = `${kind}:${message}`;
  if (notificationsStore.getState().notifications.some((shown) => shown.id === id)) return;
  notifications.clean();
  raised.clear();
  raised.set(id, { page: globalThis.location?.pathname ?? '', at: Date.now() });
  notifications.show({
    id,
    color: COLORS[kind],
    title: t(`toast.${kind}`),
    message,
    position: place?.(lastPress()),
    autoClose: 3000,
    withBorder: true,
    // Mantine's close button has no name and its dimmed description fails contrast (axe): fix both.
    closeButtonProps: { 'aria-label': t('toast.close') },
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
