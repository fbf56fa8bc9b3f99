import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { CommissionMonth, PayoutView } from '../../../common/contracts/partners';
import { formatPrice } from '../../../common/money';
import { formatDateTime, formatMonth } from '../../../common/time';
import { toast } from '../../app/toast';
import { usePayOut } from './api';
import { monthHasEnded } from './format';
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
  const paid = payouts.filter((payout) => payout.month === row.month && payout.currency === row.currency);
  if (row.payable > 0 && monthHasEnded(row.month)) {
    // A payout takes the whole month, so the question names every currency the month holds.
    const amounts = months
      .filter((other) => other.month === row.month && other.payable > 0)
      .map((other) => formatPrice(other.payable, other.currency))
      .join(' and ');
    const label = formatMonth(row.month);
    const ask = () =>
      modals.openConfirmModal({
        title: `Pay out ${label}?`,
        children: (
          <Text size="sm">
            Mark {amounts} of payable commissions for {label} as paid and issue the commission invoice. Pay
            the partner this amount outside Gurukul.
          </Text>
        ),
        labels: { confirm: `Mark ${amounts} paid`, cancel: 'Cancel' },
        onConfirm: () =>
          void payOut
            .mutateAsync(row.month)
            .then((payout) =>
              toast(
                'success',
                `Paid out ${formatPrice(payout.amount, payout.currency)}: invoice ${payout.invoiceNumber}`,
              ),
            )
            .catch((error: Error) => toast('danger', error.message)),
      });
    return (
      <Button size="xs" onClick={ask} loading={payOut.isPending} aria-label={`Mark paid: ${label}`}>
        Mark paid
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
        After the month ends
      </Text>
    );
  return <>—</>;
}

/** Every payout of a partner: month, amount, how many commissions, the invoice, when and by whom. */
export function PayoutsHistory({ payouts }: { payouts: PayoutView[] }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="xs">
        Payouts
      </Title>
      {payouts.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="payouts-empty">
          No payouts yet. A month with payable commissions can be marked paid once it has ended.
        </Text>
      ) : (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollRegion('Payouts')}>
            <Table striped data-testid="payouts-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Commissions</Table.Th>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Paid</Table.Th>
                  <Table.Th>By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payouts.map((payout) => (
                  <Table.Tr key={payout.id} data-testid="payout-row">
                    <Table.Td style={NO_WRAP}>{formatMonth(payout.month)}</Table.Td>
                    <Table.Td ta="right" style={NO_WRAP}>
                      {formatPrice(payout.amount, payout.currency)}
                    </Table.Td>
                    <Table.Td ta="right">{payout.commissionCount}</Table.Td>
                    <Table.Td style={NO_WRAP} fw={600}>
                      {payout.invoiceNumber}
                    </Table.Td>
                    <Table.Td style={NO_WRAP}>{formatDateTime(payout.paidAt)}</Table.Td>
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
