import { Group, Loader, Text } from '@mantine/core';
import { IconCheck, IconWifiOff } from '@tabler/icons-react';
import { useT } from '../i18n';
import type { SaveStatus } from './use-answer-saver';

/** "Saved" / "Saving…" / "Not saved — retrying", announced politely to screen readers. */
export function SaveIndicator({ status, error }: { status: SaveStatus; error: string | null }) {
  const t = useT();
  let content: React.ReactNode = null;
  if (status === 'saving')
    content = (
      <>
        <Loader size={14} />
        <Text size="sm">{t('quizzes.save.saving')}</Text>
      </>
    );
  else if (status === 'saved')
    content = (
      <>
        <IconCheck size={16} color="var(--mantine-color-green-6)" />
        <Text size="sm">{t('quizzes.save.saved')}</Text>
      </>
    );
  else if (status === 'retrying')
    content = (
      <>
        <IconWifiOff size={16} color="var(--mantine-color-orange-6)" />
        <Text size="sm" c="orange">
          {t('quizzes.save.retrying')}
        </Text>
      </>
    );
  else if (status === 'failed')
    content = (
      <Text size="sm" c="red">
        {t('quizzes.save.failed', { error: error ?? '' })}
      </Text>
    );
  return (
    <Group gap={6} aria-live="polite" data-testid="save-status" data-status={status} mih={20}>
      {content}
    </Group>
  );
}
