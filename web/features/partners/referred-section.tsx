import { Alert, Card, Group, Loader, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  REFERRAL_STATUSES,
  type ReferralStatus,
  type ReferredPerson,
} from '../../../common/contracts/partners';
import { formatDate } from '../../../common/time';
import { Pager } from '../../components/pager';
import { PARTNER_PAGE_SIZE, type ProgrammeSource, useReferred } from './api';
import { ReferralStatusBadge } from './badges';
import { formatTotals, REFERRAL_STATUS_LABELS } from './format';
import { useLocale, useT } from './i18n';
import { scrollRegion } from './scroll-region';
import { StatusChips } from './status-chips';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export interface ReferredFilters {
  status?: ReferralStatus;
  page: number;
  onChange: (changes: { status?: ReferralStatus | null; page?: number }) => void;
}

function ReferredTable({ people }: { people: ReferredPerson[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Table.ScrollContainer
      minWidth={820}
      visibleFrom="sm"
      scrollAreaProps={scrollRegion(t('partners.referred.region'))}
    >
      <Table striped verticalSpacing="sm" data-testid="referred-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('partners.referred.name')}</Table.Th>
            <Table.Th>{t('partners.referred.role')}</Table.Th>
            <Table.Th>{t('partners.referred.status')}</Table.Th>
            <Table.Th>{t('partners.referred.campaign')}</Table.Th>
            <Table.Th>{t('partners.referred.signedUp')}</Table.Th>
            <Table.Th>{t('partners.referred.firstPaid')}</Table.Th>
            <Table.Th ta="right">{t('partners.referred.earned')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person.id} data-testid="referred-row">
              <Table.Td fw={600}>{person.displayName}</Table.Td>
              <Table.Td>{t(`role.${person.role}`)}</Table.Td>
              <Table.Td>
                <ReferralStatusBadge status={person.status} />
              </Table.Td>
              <Table.Td>{person.campaign ?? t('partners.referred.mainLink')}</Table.Td>
              <Table.Td style={NO_WRAP}>{formatDate(person.signedUpAt, { locale })}</Table.Td>
              <Table.Td style={NO_WRAP}>{formatDate(person.firstPaidAt, { locale })}</Table.Td>
              <Table.Td ta="right" style={NO_WRAP}>
                {formatTotals(person.earned, undefined, locale)}
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
  const t = useT();
  const locale = useLocale();
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
            {t(`role.${person.role}`)} · {person.campaign ?? t('partners.referred.mainLink')}
          </Text>
          <Text size="sm">
            {person.firstPaidAt
              ? t('partners.referred.signedUpPaid', {
                  date: formatDate(person.signedUpAt, { locale }),
                  paid: formatDate(person.firstPaidAt, { locale }),
                })
              : t('partners.referred.signedUpOn', { date: formatDate(person.signedUpAt, { locale }) })}
          </Text>
          <Text size="sm" fw={600}>
            {t('partners.referred.earnedTotal', {
              total: formatTotals(person.earned, t('partners.referred.nothingYet'), locale),
            })}
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
  const t = useT();
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
          label={t('partners.referred.statusFilter')}
        />
        {list.isFetching && !list.isPending && (
          <Loader size="sm" aria-label={t('partners.referred.loading')} />
        )}
      </Group>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending && <Skeleton h={200} />}
      {list.data?.total === 0 &&
        (status ? (
          <Card withBorder padding="xl" ta="center" data-testid="referred-empty">
            <Text fw={600}>{t(`partners.referred.none.${status}`)}</Text>
            <Text size="sm" c="dimmed">
              {t('partners.referred.chooseAnother')}
            </Text>
          </Card>
        ) : (
          empty
        ))}
      {list.data && list.data.total > 0 && (
        <>
          <Text size="sm" c="dimmed" data-testid="referred-count">
            {t('partners.referred.count', { count: list.data.total })}
          </Text>
          <ReferredTable people={list.data.people} />
          <ReferredCards people={list.data.people} />
        </>
      )}
      <Pager page={page} total={pages} onChange={(value) => onChange({ page: value })} />
    </Stack>
  );
}
