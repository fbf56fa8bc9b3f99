import { Notifications } from '@mantine/notifications';
import { placeToasts } from './toast';
import { placeToast } from './toast-placement';

// Toasts keep clear of the control just pressed (issue 21), from the first one, raised before this loaded.
placeToasts(placeToast);

/** The spec's toasts: top right, one at a time, 3000 ms. Loaded by toaster.tsx when the first toast is raised. */
export function NotificationsView() {
  return <Notifications position="top-right" limit={1} autoClose={3000} />;
}
