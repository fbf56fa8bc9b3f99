import {
  Alert,
  Anchor,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  COMMISSION_STATUSES,
  type CommissionMonth,
  type CommissionStatus,
  type CommissionView,
  type PartnerSummary,
} from '../../../common/contracts/partners';
import { formatPrice } from '../../../common/money';
import { formatDate, formatMonth } from '../../../common/time';
import { Pager } from '../../components/pager';
import { PARTNER_PAGE_SIZE, type ProgrammeSource, useCommissions } from './api';
import { CommissionStatusBadge } from './badges';
import { COMMISSION_STATUS_LABELS, formatTotals, monthOptions } from './format';
import { useLocale, useT } from './i18n';
import { scrollRegion } from './scroll-region';
import { StatusChips } from './status-chips';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export interface CommissionFilters {
  status?: CommissionStatus;
  month?: string;
  page: number;
  onChange: (changes: { status?: CommissionStatus | null; month?: string | null; page?: number }) => void;
}

/** Pending (in hold), payable (due at the next payout) and paid to date, per currency. */
export function Balances({ balances }: { balances: PartnerSummary['balances'] }) {
  const t = useT();
  const locale = useLocale();
  const cards = [
    {
      key: 'pending',
      label: t('partners.pending'),
      hint: t('partners.balances.pendingHint'),
      totals: balances.pending,
    },
    {
      key: 'payable',
      label: t('partners.payable'),
      hint: t('partners.balances.payableHint'),
      totals: balances.payable,
    },
    { key: 'paid', label: t('partners.paid'), hint: t('partners.balances.paidHint'), totals: balances.paid },
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      {cards.map((card) => (
        <Card key={card.key} withBorder padding="md" data-testid={`balance-${card.key}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {card.label}
          </Text>
          <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {formatTotals(
              card.totals,
              formatPrice(0, card.totals[0]?.currency ?? 'INR', undefined, locale),
              locale,
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {card.hint}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Each month's commissions by status; `action` adds a last column (the admin's "Mark paid"). */
export function MonthsTable({
  months,
  action,
}: {
  months: CommissionMonth[];
  action?: (row: CommissionMonth) => ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  if (months.length === 0) return null;
  const money = (amount: number, currency: string) =>
    amount === 0 ? '—' : formatPrice(amount, currency, undefined, locale);
  // Newest month first: the one a partner asks about.
  const rows = [...months].sort(
    (a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency),
  );
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="xs">
        {t('partners.byMonth')}
      </Title>
      <Table.ScrollContainer
        minWidth={action ? 680 : 520}
        scrollAreaProps={scrollRegion(t('partners.months.region'))}
      >
        <Table striped data-testid="commission-months">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('partners.month')}</Table.Th>
              <Table.Th ta="right">{t('partners.pending')}</Table.Th>
              <Table.Th ta="right">{t('partners.payable')}</Table.Th>
              <Table.Th ta="right">{t('partners.paid')}</Table.Th>
              <Table.Th ta="right">{t('partners.months.reversed')}</Table.Th>
              {action && <Table.Th>{t('partners.months.payout')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.month}-${row.currency}`} data-testid="commission-month">
                <Table.Td style={NO_WRAP} fw={600}>
                  {formatMonth(row.month, { locale })}
                  {months.some((other) => other.month === row.month && other.currency !== row.currency)
                    ? ` (${row.currency})`
                    : ''}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {money(row.pending, row.currency)}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {money(row.payable, row.currency)}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {money(row.paid, row.currency)}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {money(row.reversed, row.currency)}
                </Table.Td>
                {action && <Table.Td>{action(row)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** The status line under a commission: when a pending one becomes payable, or why it was reversed or refused. */
function StatusNote({ commission }: { commission: CommissionView }) {
  const t = useT();
  const locale = useLocale();
  if (commission.status === 'pending')
    return (
      <Text size="xs" c="dimmed">
        {t('partners.commissions.payableFrom', { date: formatDate(commission.payableAt, { locale }) })}
      </Text>
    );
  if (commission.status === 'paid' && commission.paidAt)
    return (
      <Text size="xs" c="dimmed">
        {t('partners.commissions.paidOn', { date: formatDate(commission.paidAt, { locale }) })}
      </Text>
    );
  if (commission.status === 'reversed')
    return (
      <Text size="xs" c="dimmed" data-testid="reversed-reason">
        {commission.reversedReason ?? t('partners.commissions.reversed')}
        {commission.reversedAt ? ` (${formatDate(commission.reversedAt, { locale })})` : ''}
      </Text>
    );
  if (commission.status === 'refused')
    return (
      <Text size="xs" c="dimmed" data-testid="refused-reason">
        {commission.refusedReason ?? t('partners.commissions.refused')}
      </Text>
    );
  return null;
}

function InvoiceRef({ number, linked }: { number: string | null; linked: boolean }) {
  const t = useT();
  if (!number) return <>—</>;
  if (!linked) return <>{number}</>;
  return (
    <Anchor
      component={Link}
      to="/invoice?kind=commission"
      aria-label={t('partners.commissions.invoiceAria', { number })}
    >
      {number}
    </Anchor>
  );
}

function CommissionsTable({ rows, linked }: { rows: CommissionView[]; linked: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Table.ScrollContainer
      minWidth={880}
      visibleFrom="sm"
      scrollAreaProps={scrollRegion(t('partners.commissions.region'))}
    >
      <Table striped verticalSpacing="sm" data-testid="commissions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('partners.commissions.earned')}</Table.Th>
            <Table.Th>{t('partners.commissions.referred')}</Table.Th>
            <Table.Th>{t('partners.commissions.for')}</Table.Th>
            <Table.Th ta="right">{t('partners.commissions.payment')}</Table.Th>
            <Table.Th ta="right">{t('partners.commissions.rate')}</Table.Th>
            <Table.Th ta="right">{t('partners.commissions.commission')}</Table.Th>
            <Table.Th>{t('partners.commissions.status')}</Table.Th>
            <Table.Th>{t('partners.invoice')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((commission) => (
            <Table.Tr key={commission.id} data-testid="commission-row">
              <Table.Td style={NO_WRAP}>{formatDate(commission.earnedAt, { locale })}</Table.Td>
              <Table.Td>{commission.referredName}</Table.Td>
              <Table.Td maw={260}>{commission.description}</Table.Td>
              <Table.Td ta="right" style={NO_WRAP}>
                {formatPrice(commission.paymentAmount, commission.currency, undefined, locale)}
              </Table.Td>
              <Table.Td ta="right">{commission.percent}%</Table.Td>
              <Table.Td ta="right" fw={600} style={NO_WRAP}>
                {formatPrice(commission.amount, commission.currency, undefined, locale)}
              </Table.Td>
              <Table.Td>
                <CommissionStatusBadge status={commission.status} />
                <StatusNote commission={commission} />
              </Table.Td>
              <Table.Td style={NO_WRAP}>
                <InvoiceRef number={commission.invoiceNumber} linked={linked} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CommissionCards({ rows, linked }: { rows: CommissionView[]; linked: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Stack hiddenFrom="sm" gap="xs" data-testid="commission-cards">
      {rows.map((commission) => (
        <Card key={commission.id} withBorder padding="sm" data-testid="commission-card">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700}>{formatPrice(commission.amount, commission.currency, undefined, locale)}</Text>
            <CommissionStatusBadge status={commission.status} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {commission.referredName} · {commission.description}
          </Text>
          <Text size="sm" c="dimmed">
            {t('partners.commissions.rateOf', {
              percent: String(commission.percent),
              amount: formatPrice(commission.paymentAmount, commission.currency, undefined, locale),
            })}{' '}
            · {formatDate(commission.earnedAt, { locale })}
          </Text>
          <StatusNote commission={commission} />
          {commission.invoiceNumber && (
            <Text size="sm">
              {t('partners.invoice')} <InvoiceRef number={commission.invoiceNumber} linked={linked} />
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The commissions tab: balances, the months table, and every commission filtered by status and month.
 * `monthAction` is the admin's payout button per month; the partner's invoice numbers link to /invoice.
 */
export function CommissionsSection({
  source,
  summary,
  filters,
  monthAction,
}: {
  source: ProgrammeSource;
  summary: PartnerSummary;
  filters: CommissionFilters;
  monthAction?: (row: CommissionMonth) => ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const { status, month, page, onChange } = filters;
  const list = useCommissions(source, { status, month, page });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PARTNER_PAGE_SIZE)) : 1;
  const filtered = Boolean(status || month);
  const linked = source.kind === 'partner';
  return (
    <Stack>
      <Balances balances={summary.balances} />
      <MonthsTable months={summary.months} action={monthAction} />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <StatusChips
          statuses={COMMISSION_STATUSES}
          labels={COMMISSION_STATUS_LABELS}
          value={status}
          onChange={(next) => onChange({ status: next, page: 1 })}
          label={t('partners.commissions.statusFilter')}
        />
        <Select
          label={t('partners.month')}
          placeholder={t('partners.commissions.everyMonth')}
          clearable
          data={monthOptions(summary.months, locale)}
          value={month ?? null}
          onChange={(value) => onChange({ month: value, page: 1 })}
          w={{ base: '100%', xs: 180 }}
        />
        {list.isFetching && !list.isPending && (
          <Loader size="sm" aria-label={t('partners.commissions.loading')} />
        )}
      </Group>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending && <Skeleton h={200} />}
      {list.data?.total === 0 && (
        <Card withBorder padding="xl" ta="center" data-testid="commissions-empty">
          <Text fw={600}>
            {filtered ? t('partners.commissions.noneMatch') : t('partners.commissions.noneYet')}
          </Text>
          <Text size="sm" c="dimmed">
            {filtered
              ? t('partners.commissions.chooseAnother')
              : linked
                ? t('partners.commissions.howEarned')
                : t('partners.commissions.noneForPartner')}
          </Text>
        </Card>
      )}
      {list.data && list.data.total > 0 && (
        <>
          <CommissionsTable rows={list.data.commissions} linked={linked} />
          <CommissionCards rows={list.data.commissions} linked={linked} />
        </>
      )}
      <Pager page={page} total={pages} onChange={(value) => onChange({ page: value })} />
    </Stack>
  );
}
