import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/**
 * Asks before a destructive action (delete, remove, cancel, discard). The one way to do it, so every such
 * question looks and reads the same: a red confirm button named after the action (never a bare "OK"), and
 * a way back (decision: STYLE "one way to do each thing"). A string message is set as small body text.
 */
export function confirmDestructive(options: {
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
}) {
  const { title, message, confirmLabel, cancelLabel = 'Cancel', onConfirm } = options;
  modals.openConfirmModal({
    title,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    // Shade 8 of red: white on Mantine's default red (shade 6) is 3.8:1, under WCAG AA's 4.5:1.
    confirmProps: { color: 'red.8' },
    closeButtonProps: { 'aria-label': 'Close' },
    onConfirm,
  });
}
