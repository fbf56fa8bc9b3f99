import { Notifications } from '@mantine/notifications';

/** The spec's toasts: top right, one at a time, 3000 ms. Loaded by toaster.tsx when the first toast is raised. */
export function NotificationsView() {
  return <Notifications position="top-right" limit={1} autoClose={3000} />;
}
