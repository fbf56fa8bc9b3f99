import { Group, Loader, Text } from '@mantine/core';
import { IconCheck, IconWifiOff } from '@tabler/icons-react';
import type { SaveStatus } from './use-answer-saver';

/** "Saved" / "Saving…" / "Not saved — retrying", announced politely to screen readers. */
export function SaveIndicator({ status, error }: { status: SaveStatus; error: string | null }) {
  let content: React.ReactNode = null;
  if (status === 'saving')
    content = (
      <>
        <Loader size={14} />
        <Text size="sm">Saving…</Text>
      </>
    );
  else if (status === 'saved')
    content = (
      <>
        <IconCheck size={16} color="var(--mantine-color-green-6)" />
        <Text size="sm">Saved</Text>
      </>
    );
  else if (status === 'retrying')
    content = (
      <>
        <IconWifiOff size={16} color="var(--mantine-color-orange-6)" />
        <Text size="sm" c="orange">
          Not saved — retrying
        </Text>
      </>
    );
  else if (status === 'failed')
    content = (
      <Text size="sm" c="red">
        Not saved: {error}
      </Text>
    );
  return (
    <Group gap={6} aria-live="polite" data-testid="save-status" data-status={status} mih={20}>
      {content}
    </Group>
  );
}
