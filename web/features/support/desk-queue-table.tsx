import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DeskRow } from '../../../common/contracts/support';
import { PriorityBadge, StatusBadge } from './badges';
import { DueCell, useNow, waitingText } from './desk-parts';
import { useLocale, useT } from './i18n';
import { categoryLabel, roleLabel } from './labels';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const ticketHref = (row: DeskRow) => `/view-ticket?id=${row.id}`;

function Requester({ row, withEmail = true }: { row: DeskRow; withEmail?: boolean }) {
  const t = useT();
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {row.requester.fullName}
      </Text>
      <Text size="xs" c="dimmed" truncate="end" title={row.requester.email}>
        {roleLabel(t, row.requester.userType)}
        {withEmail ? ` · ${row.requester.email}` : ''}
      </Text>
    </div>
  );
}

function Subject({ row }: { row: DeskRow }) {
  const t = useT();
  return (
    <div style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={ticketHref(row)}
        fw={600}
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
        data-testid="desk-ticket-link"
      >
        {row.subject}
      </Anchor>
      <Text size="xs" c="dimmed">
        {categoryLabel(t, row.category)}
      </Text>
    </div>
  );
}

/**
 * The queue: a table from the small breakpoint up, cards on a phone (no sideways scrolling at 390 px). A row
 * opens its ticket on click; the subject is the link keyboard and screen-reader users follow.
 */
export function DeskQueueTable({ rows }: { rows: DeskRow[] }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const now = useNow();
  // A click anywhere on a row opens it, except on the link itself (which already navigates).
  const openRow = (row: DeskRow) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) return;
    navigate(ticketHref(row));
  };
  return (
    <>
      <Table.ScrollContainer minWidth={860} visibleFrom="sm">
        <Table highlightOnHover verticalSpacing="sm" data-testid="desk-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('support.field.subject')}</Table.Th>
              <Table.Th>{t('support.field.requester')}</Table.Th>
              <Table.Th>{t('support.field.priority')}</Table.Th>
              <Table.Th>{t('support.field.status')}</Table.Th>
              <Table.Th>{t('support.field.assignee')}</Table.Th>
              <Table.Th>{t('support.queue.waiting')}</Table.Th>
              <Table.Th>{t('support.queue.due')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.id}
                style={{ cursor: 'pointer' }}
                onClick={openRow(row)}
                data-testid="desk-row"
              >
                <Table.Td style={NO_WRAP} fw={600}>
                  #{row.number}
                </Table.Td>
                <Table.Td miw={180}>
                  <Subject row={row} />
                </Table.Td>
                <Table.Td maw={180}>
                  <Requester row={row} />
                </Table.Td>
                <Table.Td>
                  <PriorityBadge priority={row.priority} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={row.status} />
                </Table.Td>
                <Table.Td>
                  {row.assignee ? (
                    <Text size="sm">{row.assignee.fullName}</Text>
                  ) : (
                    <Text size="sm" c="dimmed" fs="italic">
                      {t('support.unassigned')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={row.waitingSince ? undefined : 'dimmed'}>
                    {waitingText(row, now, t, locale)}
                  </Text>
                </Table.Td>
                <Table.Td miw={120}>
                  <DueCell row={row} now={now} stacked />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack hiddenFrom="sm" gap="sm" data-testid="desk-cards">
        {rows.map((row) => (
          <Card
            key={row.id}
            withBorder
            padding="sm"
            onClick={openRow(row)}
            style={{ cursor: 'pointer' }}
            data-testid="desk-card"
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={700} style={NO_WRAP}>
                #{row.number}
              </Text>
              <Group gap={4} justify="flex-end">
                <PriorityBadge priority={row.priority} />
                <StatusBadge status={row.status} />
              </Group>
            </Group>
            <Subject row={row} />
            <Stack gap={4} mt="xs">
              <Requester row={row} />
              <Text size="xs" c="dimmed">
                {t('support.queue.cardLine', {
                  assignee: row.assignee
                    ? t('support.queue.assignedTo', { name: row.assignee.fullName })
                    : t('support.unassigned'),
                  waiting: waitingText(row, now, t, locale),
                })}
              </Text>
              <DueCell row={row} now={now} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
