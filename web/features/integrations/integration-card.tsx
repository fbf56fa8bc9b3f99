import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { IntegrationView } from '../../../common/contracts/gurus';
import { formatDateTime } from '../../../common/time';
import { useLocale } from '../../app/i18n';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { lockedControlProps, type PlanLock } from '../../components/plan-lock';
import { useRemoveIntegration } from './api';
import { rich, useT } from './i18n';
import { KeyForm } from './key-form';

/** One integration: what it is for, the masked key with its note, and add / replace / remove. */
export function IntegrationCard({ integration, lock }: { integration: IntegrationView; lock: PlanLock }) {
  const t = useT();
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const name = integration.name;
  const remove = useRemoveIntegration(integration.keyName);
  const saved = integration.maskedKey !== null;
  const headingId = `integration-${integration.keyName}`;

  const confirmRemove = () =>
    confirmDestructive({
      title: t('integrations.card.removeTitle', { name }),
      message: t('integrations.card.removeMessage', { name }),
      confirmLabel: t('integrations.card.removeKey'),
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => toast('success', t('integrations.card.removed', { name })),
          onError: (error) => toast('danger', error.message),
        }),
    });

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid="integration-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id={headingId}>
            {integration.name}
          </Title>
          <Badge color={saved ? 'green' : 'gray'} variant="light">
            {t(saved ? 'integrations.card.connected' : 'integrations.card.notConnected')}
          </Badge>
        </Group>
        <Text size="sm">{integration.description}</Text>
        {saved ? (
          <Stack gap={2}>
            <Text size="sm">
              {rich('integrations.card.savedKey', {
                key: integration.maskedKey ?? '',
                code: (chunks) => <code>{chunks}</code>,
              })}
            </Text>
            {integration.note && (
              <Text size="sm">{t('integrations.card.note', { note: integration.note })}</Text>
            )}
            {integration.checkedAt && (
              <Text size="xs" c="dimmed">
                {t('integrations.card.checked', { date: formatDateTime(integration.checkedAt, { locale }) })}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('integrations.card.noKey')}
          </Text>
        )}
        {editing ? (
          <KeyForm integration={integration} onDone={() => setEditing(false)} />
        ) : (
          <Group gap="xs">
            <Button onClick={() => setEditing(true)} {...lockedControlProps(lock)}>
              {t(saved ? 'integrations.card.replaceKey' : 'integrations.card.addKey')}
            </Button>
            {saved && (
              <Button variant="light" color="red" onClick={confirmRemove} loading={remove.isPending}>
                {t('integrations.card.remove')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
