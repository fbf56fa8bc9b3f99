import { Alert, Card, Group, Loader, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  REFERRAL_STATUSES,
  type ReferralStatus,
  type ReferredPerson,
} from '../../../common/contracts/partners';
import { ROLE_LABELS } from '../../../common/roles';
import { formatDate } from '../../../common/time';
import { countOf } from '../../../common/words';
import { Pager } from '../../components/pager';
import { PARTNER_PAGE_SIZE, type ProgrammeSource, useReferred } from './api';
import { ReferralStatusBadge } from './badges';
import { formatTotals, REFERRAL_STATUS_LABELS } from './format';
import { scrollRegion } from './scroll-region';
import { StatusChips } from './status-chips';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export interface ReferredFilters {
  status?: ReferralStatus;
  page: number;
  onChange: (changes: { status?: ReferralStatus | null; page?: number }) => void;
}

function ReferredTable({ people }: { people: ReferredPerson[] }) {
  return (
    <Table.ScrollContainer minWidth={820} visibleFrom="sm" scrollAreaProps={scrollRegion('People referred')}>
      <Table striped verticalSpacing="sm" data-testid="referred-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Campaign</Table.Th>
            <Table.Th>Signed up</Table.Th>
            <Table.Th>First paid</Table.Th>
            <Table.Th ta="right">Earned</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person.id} data-testid="referred-row">
              <Table.Td fw={600}>{person.displayName}</Table.Td>
              <Table.Td>{ROLE_LABELS[person.role]}</Table.Td>
              <Table.Td>
                <ReferralStatusBadge status={person.status} />
              </Table.Td>
              <Table.Td>{person.campaign ?? 'Main link'}</Table.Td>
              <Table.Td style={NO_WRAP}>{formatDate(person.signedUpAt)}</Table.Td>
              <Table.Td style={NO_WRAP}>{formatDate(person.firstPaidAt)}</Table.Td>
              <Table.Td ta="right" style={NO_WRAP}>
                {formatTotals(person.earned)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each person is a card: seven columns do not fit 390 px. */
function ReferredCards({ people }: { people: ReferredPerson[] }) {
  return (
    <Stack hiddenFrom="sm" gap="xs" data-testid="referred-cards">
      {people.map((person) => (
        <Card key={person.id} withBorder padding="sm" data-testid="referred-card">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {person.displayName}
            </Text>
            <ReferralStatusBadge status={person.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {ROLE_LABELS[person.role]} · {person.campaign ?? 'Main link'}
          </Text>
          <Text size="sm">
            Signed up {formatDate(person.signedUpAt)}
            {person.firstPaidAt ? ` · first paid ${formatDate(person.firstPaidAt)}` : ''}
          </Text>
          <Text size="sm" fw={600}>
            Earned {formatTotals(person.earned, 'nothing yet')}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The people a partner referred, filtered by status and paged on the server. `empty` says what to do when
 * there is no one yet (the partner is told to share their link; the admin only that there is no one).
 */
export function ReferredSection({
  source,
  filters,
  empty,
}: {
  source: ProgrammeSource;
  filters: ReferredFilters;
  empty: ReactNode;
}) {
  const { status, page, onChange } = filters;
  const list = useReferred(source, { status, page });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PARTNER_PAGE_SIZE)) : 1;
  return (
    <Stack>
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <StatusChips
          statuses={REFERRAL_STATUSES}
          labels={REFERRAL_STATUS_LABELS}
          value={status}
          onChange={(next) => onChange({ status: next, page: 1 })}
          label="Referral status"
        />
        {list.isFetching && !list.isPending && <Loader size="sm" aria-label="Loading referrals" />}
      </Group>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending && <Skeleton h={200} />}
      {list.data?.total === 0 &&
        (status ? (
          <Card withBorder padding="xl" ta="center" data-testid="referred-empty">
            <Text fw={600}>No one is {REFERRAL_STATUS_LABELS[status].label.toLowerCase()} right now</Text>
            <Text size="sm" c="dimmed">
              Choose another status, or All.
            </Text>
          </Card>
        ) : (
          empty
        ))}
      {list.data && list.data.total > 0 && (
        <>
          <Text size="sm" c="dimmed" data-testid="referred-count">
            {countOf(list.data.total, 'person', 'people')}
          </Text>
          <ReferredTable people={list.data.people} />
          <ReferredCards people={list.data.people} />
        </>
      )}
      <Pager page={page} total={pages} onChange={(value) => onChange({ page: value })} />
    </Stack>
  );
}
