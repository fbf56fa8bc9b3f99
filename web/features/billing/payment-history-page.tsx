import {
  Alert,
  Anchor,
  Badge,
  Container,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { PaymentRow } from '../../../common/contracts/billing';
import { formatPrice } from '../../../common/money';
import { formatDateTime } from '../../../common/time';
import { useUrlFilters } from '../../app/use-url-filters';
import { Pager } from '../../components/pager';
import { type PaymentHistoryQuery, usePaymentHistory } from './api';

/** The server's page size for /api/payments/history (it answers the total, not the size). */
const PAGE_SIZE = 20;

const STATUS: Record<PaymentRow['status'], { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'green' },
  created: { label: 'Not completed', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
  refunded: { label: 'Refunded', color: 'orange' },
};
const STATUS_FILTER = [
  { value: 'paid', label: 'Paid' },
  { value: 'failed', label: 'Failed' },
  { value: 'created', label: 'Not completed' },
  { value: 'refunded', label: 'Refunded' },
];

const isStatus = (value: string | null): value is PaymentRow['status'] =>
  value === 'paid' || value === 'failed' || value === 'created' || value === 'refunded';

/** /payment-history: the owner's own payments, newest first, with their invoices. */
export default function PaymentHistoryPage() {
  const { params, page, update } = useUrlFilters();
  const status = params.get('status');
  const query: PaymentHistoryQuery = { page, ...(isStatus(status) ? { status } : {}) };
  const history = usePaymentHistory(query);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            Payment History
          </Title>
          <Select
            label="Status"
            placeholder="All payments"
            data={STATUS_FILTER}
            value={isStatus(status) ? status : null}
            onChange={(value) => update({ status: value })}
            clearable
            w={200}
          />
        </Group>
        {history.isPending && <Skeleton h={200} />}
        {history.isError && <Alert color="red">{history.error.message}</Alert>}
        {history.data?.payments.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {isStatus(status)
              ? 'No payments with this status.'
              : 'No payments yet. When you buy a plan or a course, it shows here with its invoice.'}
          </Text>
        )}
        {history.data && history.data.payments.length > 0 && (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="payment-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Provider</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Invoice</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.payments.map((payment) => (
                  <PaymentTableRow key={payment.orderId} payment={payment} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pager page={page} total={pages} onChange={(next) => update({ page: String(next) }, false)} />
          </Group>
        )}
      </Stack>
    </Container>
  );
}

function PaymentTableRow({ payment }: { payment: PaymentRow }) {
  const status = STATUS[payment.status];
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(payment.paidAt ?? payment.createdAt)}</Table.Td>
      <Table.Td>{payment.description}</Table.Td>
      <Table.Td>{formatPrice(payment.amount, payment.currency)}</Table.Td>
      <Table.Td>
        {payment.provider === 'test' ? (
          <Badge color="yellow" variant="light">
            Test payment
          </Badge>
        ) : (
          'Razorpay'
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        {payment.invoiceNumber ? (
          <Anchor component={Link} to="/invoice">
            {payment.invoiceNumber}
          </Anchor>
        ) : (
          '—'
        )}
      </Table.Td>
    </Table.Tr>
  );
}
