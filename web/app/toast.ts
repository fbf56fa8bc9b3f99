import { notifications, notificationsStore } from '@mantine/notifications';

export type ToastKind = 'success' | 'danger' | 'warning' | 'info';

const COLORS: Record<ToastKind, string> = {
  success: 'green',
  danger: 'red',
  warning: 'yellow',
  info: 'blue',
};
const TITLES: Record<ToastKind, string> = {
  success: 'Success',
  danger: 'Error',
  warning: 'Warning',
  info: 'Info',
};

/** The spec's toasts: 3000 ms, top right, one at a time (the limit is set in notifications-view.tsx). */
export function toast(kind: ToastKind, message: string): void {
  // Several requests failing together (a revoked token answers 401 to each) must show one toast:
  // the same message keeps its toast instead of replacing it with a twin while the first fades out.
  const id = `${kind}:${message}`;
  if (notificationsStore.getState().notifications.some((shown) => shown.id === id)) return;
  notifications.clean();
  notifications.show({
    id,
    color: COLORS[kind],
    title: TITLES[kind],
    message,
    autoClose: 3000,
    withBorder: true,
    // Mantine's close button has no name and its dimmed description fails contrast (axe): fix both.
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
