import {
  Alert,
  Anchor,
  Button,
  Card,
  Chip,
  Container,
  Group,
  Indicator,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { TICKET_STATUSES, type TicketStatus } from '../../../common/contracts/support';
import { formatDateTime } from '../../../common/time';
import { LS } from '../../app/storage';
import { syncUnreadMarkers } from '../../app/unread-markers';
import { useStoredJson } from '../../app/use-stored-json';
import { useUrlFilters } from '../../app/use-url-filters';
import { Pager } from '../../components/pager';
import { PAGE_SIZE, useLiveSupport, useMyTickets } from './api';
import { PriorityBadge, StatusBadge } from './badges';
import { useLocale, useT } from './i18n';
import { categoryLabel, statusLabel } from './labels';
import { NewTicketModal } from './new-ticket-modal';

/** /support-tickets: my tickets, newest activity first, with unread markers, search and a status filter. */
export default function TicketListPage() {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const { params, page, update } = useUrlFilters();
  const status = (TICKET_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as TicketStatus)
    : undefined;
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [composing, compose] = useDisclosure(params.get('new') === '1');
  const newHelpIds = useStoredJson<string[]>(LS.newHelpIds, []);
  const list = useMyTickets({ status, search: debounced || undefined, page });
  useLiveSupport();
  // Where Help was opened from goes with a new ticket (issue 16); straight to this page, there is none.
  const from = (location.state as { from?: string } | null)?.from ?? '/support-tickets';

  useEffect(() => {
    syncUnreadMarkers('help').catch(() => undefined);
  }, []);

  const rows = list.data?.rows ?? [];
  const counts = list.data?.counts;
  const total = counts ? counts.open + counts.inReview + counts.resolved : 0;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const filtered = Boolean(status || debounced);

  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('support.list.title')}
          </Title>
          <Group gap="xs">
            {list.isFetching && <Loader size="sm" aria-label={t('support.list.loading')} />}
            <Button leftSection={<IconPlus size={16} />} onClick={compose.open}>
              {t('support.list.newTicket')}
            </Button>
          </Group>
        </Group>
        <Text c="dimmed" size="sm">
          {t('support.list.intro')}
        </Text>
        <Group align="flex-end" wrap="wrap">
          {/* Chips wrap on a phone, where a segmented control of four would be cut off. */}
          <Chip.Group
            value={status ?? 'all'}
            onChange={(value) => update({ status: value === 'all' ? null : (value as string) })}
          >
            <Group gap="xs" role="radiogroup" aria-label={t('support.field.status')}>
              {[
                { value: 'all', label: `${t('support.list.all')}${counts ? ` (${total})` : ''}` },
                ...TICKET_STATUSES.map((value) => ({
                  value,
                  label: `${statusLabel(t, value)}${counts ? ` (${counts[value]})` : ''}`,
                })),
              ].map((option) => (
                <Chip key={option.value} value={option.value} variant="outline">
                  {option.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <TextInput
            flex={1}
            miw={200}
            leftSection={<IconSearch size={16} />}
            placeholder={t('support.list.searchPlaceholder')}
            aria-label={t('support.list.searchLabel')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              update({ search: event.currentTarget.value.trim() || null });
            }}
          />
        </Group>
        {list.isError && <Alert color="red">{list.error.message}</Alert>}
        {list.isSuccess && rows.length === 0 && (
          <Card withBorder padding="xl" data-testid="tickets-empty">
            <Stack align="center" gap="xs">
              <Text fw={600}>{filtered ? t('support.list.noMatch') : t('support.list.none')}</Text>
              <Text size="sm" c="dimmed" ta="center">
                {filtered ? t('support.list.noMatchHint') : t('support.list.noneHint')}
              </Text>
              {!filtered && (
                <Button variant="light" onClick={compose.open}>
                  {t('support.list.openTicket')}
                </Button>
              )}
            </Stack>
          </Card>
        )}
        <Stack gap="xs">
          {rows.map((ticket) => {
            const unread = ticket.unread || newHelpIds.includes(ticket.id);
            return (
              <Card key={ticket.id} withBorder padding="sm" data-testid="ticket-row">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap="xs" wrap="nowrap">
                      <Indicator disabled={!unread} color="red" size={8} position="middle-start" offset={-8}>
                        <Anchor
                          component={Link}
                          to={`/view-ticket?id=${ticket.id}`}
                          fw={unread ? 700 : 500}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          #{ticket.number} {ticket.subject}
                        </Anchor>
                      </Indicator>
                      {unread && (
                        <Text size="xs" c="red" fw={600}>
                          {t('support.list.newReply')}
                        </Text>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('support.list.updated', {
                        category: categoryLabel(t, ticket.category),
                        date: formatDateTime(ticket.lastMessageAt, { locale }),
                      })}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <PriorityBadge priority={ticket.priority} />
                    <StatusBadge status={ticket.status} />
                  </Group>
                </Group>
              </Card>
            );
          })}
        </Stack>
        <Pager page={page} total={pages} onChange={(value) => update({ page: String(value) }, false)} />
      </Stack>
      <NewTicketModal opened={composing} onClose={compose.close} from={from} />
    </Container>
  );
}
