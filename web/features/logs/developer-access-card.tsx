import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DeveloperAccount } from '../../../common/contracts/developers';
import { formatDate } from '../../../common/time';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { useDevelopers, useSetDeveloperAccess } from './api';
import { rich, useLocale, useT } from './i18n';

/**
 * Admin: developers who signed up wait here until an admin grants them the outbox and logs (anyone may sign
 * up as a developer, so the role alone opens nothing). Lives on the dashboard until the people pages arrive.
 */
export function DeveloperAccessCard() {
  const developers = useDevelopers();
  const t = useT();
  const waiting = developers.data?.developers.filter((d) => d.accessGrantedAt === null) ?? [];
  const granted = developers.data?.developers.filter((d) => d.accessGrantedAt !== null) ?? [];
  return (
    <Card withBorder padding="lg" data-testid="developer-access">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('logs.access.title')}</Text>
          {waiting.length > 0 && (
            <Badge color="orange" variant="light">
              {t('logs.access.waiting', { count: waiting.length })}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {rich('logs.access.intro', {
            link: (chunks) => (
              <Anchor component={Link} to="/logs" size="sm" underline="always">
                {chunks}
              </Anchor>
            ),
          })}
        </Text>
        {developers.isPending && <Loader size="sm" aria-label={t('logs.access.loading')} />}
        {developers.isError && (
          <Text c="red" size="sm">
            {developers.error.message}
          </Text>
        )}
        {developers.data && waiting.length === 0 && <Text size="sm">{t('logs.access.none')}</Text>}
        {waiting.map((developer) => (
          <DeveloperRow key={developer.userId} developer={developer} />
        ))}
        {granted.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('logs.access.granted', { count: granted.length })}
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
  const t = useT();
  const locale = useLocale();
  const isGranted = developer.accessGrantedAt !== null;
  const change = (grantedNow: boolean) =>
    setAccess.mutate(
      { userId: developer.userId, granted: grantedNow },
      {
        onSuccess: () =>
          toast(
            'success',
            t(grantedNow ? 'logs.access.nowReads' : 'logs.access.noLongerReads', {
              name: developer.fullName,
            }),
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
          {t(developer.emailVerified ? 'logs.access.signedUp' : 'logs.access.signedUpUnverified', {
            email: developer.email,
            date: formatDate(developer.signedUpAt, { locale }),
          })}
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
              title: t('logs.access.revokeTitle'),
              message: t('logs.access.revokeMessage', { name: developer.fullName }),
              confirmLabel: t('logs.access.revokeConfirm'),
              onConfirm: () => change(false),
            })
          }
        >
          {t('logs.access.revoke')}
        </Button>
      ) : (
        <Button size="xs" loading={setAccess.isPending} onClick={() => change(true)}>
          {t('logs.access.grant')}
        </Button>
      )}
    </Group>
  );
}
