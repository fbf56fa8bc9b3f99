import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { CommissionMonth, PayoutView } from '../../../common/contracts/partners';
import { formatPrice } from '../../../common/money';
import { formatDateTime, formatMonth } from '../../../common/time';
import { toast } from '../../app/toast';
import { usePayOut } from './api';
import { monthHasEnded } from './format';
import { useLocale, useT } from './i18n';
import { scrollRegion } from './scroll-region';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The payout cell of one month of the months table: "Mark paid" (with a confirmation naming the amount) for an
 * ended month with payable commissions; afterwards the number of the invoice it issued.
 */
export function PayoutCell({
  partnerId,
  row,
  months,
  payouts,
}: {
  partnerId: string;
  row: CommissionMonth;
  months: CommissionMonth[];
  payouts: PayoutView[];
}) {
  const payOut = usePayOut(partnerId);
  const t = useT();
  const locale = useLocale();
  const paid = payouts.filter((payout) => payout.month === row.month && payout.currency === row.currency);
  if (row.payable > 0 && monthHasEnded(row.month)) {
    // A payout takes the whole month, so the question names every currency the month holds.
    const amounts = months
      .filter((other) => other.month === row.month && other.payable > 0)
      .map((other) => formatPrice(other.payable, other.currency, undefined, locale))
      .reduce((first, second) => t('partners.payouts.and', { first, second }));
    const label = formatMonth(row.month, { locale });
    const ask = () =>
      modals.openConfirmModal({
        title: t('partners.payouts.title', { month: label }),
        children: <Text size="sm">{t('partners.payouts.message', { amounts, month: label })}</Text>,
        labels: { confirm: t('partners.payouts.confirm', { amounts }), cancel: t('partners.cancel') },
        onConfirm: () =>
          void payOut
            .mutateAsync(row.month)
            .then((payout) =>
              toast(
                'success',
                t('partners.payouts.done', {
                  amount: formatPrice(payout.amount, payout.currency, undefined, locale),
                  number: payout.invoiceNumber,
                }),
              ),
            )
            .catch((error: Error) => toast('danger', error.message)),
      });
    return (
      <Button
        size="xs"
        onClick={ask}
        loading={payOut.isPending}
        aria-label={t('partners.payouts.markPaidAria', { month: label })}
      >
        {t('partners.payouts.markPaid')}
      </Button>
    );
  }
  if (paid.length > 0)
    return (
      <Text size="sm" style={NO_WRAP} data-testid="payout-invoice">
        {paid.map((payout) => payout.invoiceNumber).join(', ')}
      </Text>
    );
  if (row.payable > 0)
    return (
      <Text size="xs" c="dimmed">
        {t('partners.payouts.afterMonth')}
      </Text>
    );
  return <>—</>;
}

/** Every payout of a partner: month, amount, how many commissions, the invoice, when and by whom. */
export function PayoutsHistory({ payouts }: { payouts: PayoutView[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="xs">
        {t('partners.payouts.history')}
      </Title>
      {payouts.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="payouts-empty">
          {t('partners.payouts.none')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollRegion(t('partners.payouts.history'))}>
            <Table striped data-testid="payouts-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('partners.month')}</Table.Th>
                  <Table.Th ta="right">{t('partners.payouts.amount')}</Table.Th>
                  <Table.Th ta="right">{t('partners.payouts.commissions')}</Table.Th>
                  <Table.Th>{t('partners.invoice')}</Table.Th>
                  <Table.Th>{t('partners.paid')}</Table.Th>
                  <Table.Th>{t('partners.payouts.by')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payouts.map((payout) => (
                  <Table.Tr key={payout.id} data-testid="payout-row">
                    <Table.Td style={NO_WRAP}>{formatMonth(payout.month, { locale })}</Table.Td>
                    <Table.Td ta="right" style={NO_WRAP}>
                      {formatPrice(payout.amount, payout.currency, undefined, locale)}
                    </Table.Td>
                    <Table.Td ta="right">{payout.commissionCount}</Table.Td>
                    <Table.Td style={NO_WRAP} fw={600}>
                      {payout.invoiceNumber}
                    </Table.Td>
                    <Table.Td style={NO_WRAP}>{formatDateTime(payout.paidAt, { locale })}</Table.Td>
                    <Table.Td>{payout.paidBy}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Card>
  );
}
