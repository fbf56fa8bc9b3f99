import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { IntegrationView } from '../../../common/contracts/gurus';
import { formatDateTime } from '../../../common/time';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { lockedControlProps, type PlanLock } from '../../components/plan-lock';
import { useRemoveIntegration } from './api';
import { KeyForm } from './key-form';

/** One integration: what it is for, the masked key with its note, and add / replace / remove. */
export function IntegrationCard({ integration, lock }: { integration: IntegrationView; lock: PlanLock }) {
  const [editing, setEditing] = useState(false);
  const remove = useRemoveIntegration(integration.keyName);
  const saved = integration.maskedKey !== null;
  const headingId = `integration-${integration.keyName}`;

  const confirmRemove = () =>
    confirmDestructive({
      title: `Remove the ${integration.name} key?`,
      message: `Gurukul forgets this key at once. Gurus that use ${integration.name} fall back to the built-in voices and avatars until you add a key again.`,
      confirmLabel: 'Remove key',
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => toast('success', `${integration.name} key removed.`),
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
            {saved ? 'Connected' : 'Not connected'}
          </Badge>
        </Group>
        <Text size="sm">{integration.description}</Text>
        {saved ? (
          <Stack gap={2}>
            <Text size="sm">
              Saved key: <code>{integration.maskedKey}</code>
            </Text>
            {integration.note && <Text size="sm">Note: {integration.note}</Text>}
            {integration.checkedAt && (
              <Text size="xs" c="dimmed">
                Checked {formatDateTime(integration.checkedAt)}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No key saved yet.
          </Text>
        )}
        {editing ? (
          <KeyForm integration={integration} onDone={() => setEditing(false)} />
        ) : (
          <Group gap="xs">
            <Button onClick={() => setEditing(true)} {...lockedControlProps(lock)}>
              {saved ? 'Replace key' : 'Add key'}
            </Button>
            {saved && (
              <Button variant="light" color="red" onClick={confirmRemove} loading={remove.isPending}>
                Remove
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
