import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DeveloperAccount } from '../../../common/contracts/developers';
import { formatDate } from '../../../common/time';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { useDevelopers, useSetDeveloperAccess } from './api';

/**
 * Admin: developers who signed up wait here until an admin grants them the outbox and logs (anyone may sign
 * up as a developer, so the role alone opens nothing). Lives on the dashboard until the people pages arrive.
 */
export function DeveloperAccessCard() {
  const developers = useDevelopers();
  const waiting = developers.data?.developers.filter((d) => d.accessGrantedAt === null) ?? [];
  const granted = developers.data?.developers.filter((d) => d.accessGrantedAt !== null) ?? [];
  return (
    <Card withBorder padding="lg" data-testid="developer-access">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Developer access</Text>
          {waiting.length > 0 && (
            <Badge color="orange" variant="light">
              {waiting.length} waiting
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Developers read the mail outbox and the logs only after you grant it. You read them too:{' '}
          <Anchor component={Link} to="/logs" size="sm" underline="always">
            open the logs
          </Anchor>
          .
        </Text>
        {developers.isPending && <Loader size="sm" aria-label="Loading developers" />}
        {developers.isError && (
          <Text c="red" size="sm">
            {developers.error.message}
          </Text>
        )}
        {developers.data && waiting.length === 0 && (
          <Text size="sm">No developer is waiting for access.</Text>
        )}
        {waiting.map((developer) => (
          <DeveloperRow key={developer.userId} developer={developer} />
        ))}
        {granted.length > 0 && (
          <Text size="xs" c="dimmed">
            Granted: {granted.length}
          </Text>
        )}
        {granted.map((developer) => (
          <DeveloperRow key={developer.userId} developer={developer} />
        ))}
      </Stack>
    </Card>
  );
}

function DeveloperRow({ developer }: { developer: DeveloperAccount }) {
  const setAccess = useSetDeveloperAccess();
  const isGranted = developer.accessGrantedAt !== null;
  const change = (grantedNow: boolean) =>
    setAccess.mutate(
      { userId: developer.userId, granted: grantedNow },
      {
        onSuccess: () =>
          toast(
            'success',
            grantedNow
              ? `${developer.fullName} can now read the logs`
              : `${developer.fullName} no longer reads the logs`,
          ),
        onError: (error) => toast('danger', error.message),
      },
    );
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="developer-row">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {developer.fullName}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {developer.email} · signed up {formatDate(developer.signedUpAt)}
          {developer.emailVerified ? '' : ' · e-mail not verified'}
        </Text>
      </div>
      {isGranted ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          loading={setAccess.isPending}
          onClick={() =>
            confirmDestructive({
              title: 'Revoke developer access?',
              message: `${developer.fullName} will no longer see the mail outbox or the logs.`,
              confirmLabel: 'Revoke access',
              onConfirm: () => change(false),
            })
          }
        >
          Revoke
        </Button>
      ) : (
        <Button size="xs" loading={setAccess.isPending} onClick={() => change(true)}>
          Grant access
        </Button>
      )}
    </Group>
  );
}
