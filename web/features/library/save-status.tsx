import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { SaveStatus } from './use-autosave';

/** 'Saved' / 'Saving…' / 'Not saved — retry', announced politely to screen readers. */
export function SaveStatusIndicator(props: {
  status: SaveStatus;
  error: string | null;
  onRetry: () => void;
}) {
  return (
    <Group gap={6} role="status" aria-live="polite" data-testid="save-status" wrap="nowrap">
      {props.status === 'saved' && (
        <>
          <IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
          <Text size="sm">Saved</Text>
        </>
      )}
      {(props.status === 'saving' || props.status === 'pending') && (
        <>
          <Loader size={14} aria-hidden />
          <Text size="sm">Saving…</Text>
        </>
      )}
      {props.status === 'error' && (
        <>
          <IconAlertTriangle size={16} color="var(--mantine-color-error)" aria-hidden />
          <Text size="sm" c="var(--mantine-color-error)" title={props.error ?? undefined}>
            Not saved{props.error ? `: ${props.error}` : ''} —
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={props.onRetry}>
            retry
          </Button>
        </>
      )}
    </Group>
  );
}
