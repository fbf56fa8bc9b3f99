import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useT } from './i18n';
import type { SaveStatus } from './use-autosave';

/** 'Saved' / 'Saving…' / 'Not saved — retry', announced politely to screen readers. */
export function SaveStatusIndicator(props: {
  status: SaveStatus;
  error: string | null;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <Group gap={6} role="status" aria-live="polite" data-testid="save-status" wrap="nowrap">
      {props.status === 'saved' && (
        <>
          <IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
          <Text size="sm">{t('library.save.saved')}</Text>
        </>
      )}
      {(props.status === 'saving' || props.status === 'pending') && (
        <>
          <Loader size={14} aria-hidden />
          <Text size="sm">{t('library.save.saving')}</Text>
        </>
      )}
      {props.status === 'error' && (
        <>
          <IconAlertTriangle size={16} color="var(--mantine-color-error)" aria-hidden />
          <Text size="sm" c="var(--mantine-color-error)" title={props.error ?? undefined}>
            {props.error
              ? t('library.save.notSavedBecause', { error: props.error })
              : t('library.save.notSaved')}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={props.onRetry}>
            {t('library.save.retry')}
          </Button>
        </>
      )}
    </Group>
  );
}
