import { notificationsStore } from '@mantine/notifications';
import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';

const anyRaised = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/**
 * Where toasts appear. Most visits never raise one, so the notification viewport (transitions, drag to
 * dismiss, scroll-bar compensation: about 14 kB compressed) loads with the first toast; toast() writes to the
 * store at once and the viewport shows it on mount. A failed load is left unhandled on purpose: the
 * chunk-reload handler (reloads.ts) reloads the page once.
 */
export function Toaster() {
  const raised = useSyncExternalStore(notificationsStore.subscribe, anyRaised, () => false);
  const [View, setView] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!raised || View) return;
    void import('./notifications-view').then((module) => setView(() => module.NotificationsView));
  }, [raised, View]);
  return View ? <View /> : null;
}
