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
import { useLocale, useT } from './i18n';

/** The server's page size for /api/payments/history (it answers the total, not the size). */
const PAGE_SIZE = 20;

const STATUS: Record<PaymentRow['status'], { labelKey: string; color: string }> = {
  paid: { labelKey: 'billing.history.paid', color: 'green' },
  created: { labelKey: 'billing.history.created', color: 'gray' },
  failed: { labelKey: 'billing.history.failed', color: 'red' },
  refunded: { labelKey: 'billing.history.refunded', color: 'orange' },
};
const STATUS_FILTER = ['paid', 'failed', 'created', 'refunded'] as const;

/** The payment provider's name (a brand, the same in every language). */
const RAZORPAY = 'Razorpay';

const isStatus = (value: string | null): value is PaymentRow['status'] =>
  value === 'paid' || value === 'failed' || value === 'created' || value === 'refunded';

/** /payment-history: the owner's own payments, newest first, with their invoices. */
export default function PaymentHistoryPage() {
  const t = useT();
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
            {t('billing.history.title')}
          </Title>
          <Select
            label={t('billing.history.status')}
            placeholder={t('billing.history.allPayments')}
            data={STATUS_FILTER.map((value) => ({ value, label: t(STATUS[value].labelKey) }))}
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
            {t(isStatus(status) ? 'billing.history.noneWithStatus' : 'billing.history.none')}
          </Text>
        )}
        {history.data && history.data.payments.length > 0 && (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="payment-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('billing.history.date')}</Table.Th>
                  <Table.Th>{t('billing.history.description')}</Table.Th>
                  <Table.Th>{t('billing.history.amount')}</Table.Th>
                  <Table.Th>{t('billing.history.provider')}</Table.Th>
                  <Table.Th>{t('billing.history.status')}</Table.Th>
                  <Table.Th>{t('billing.history.invoice')}</Table.Th>
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
  const t = useT();
  const locale = useLocale();
  const status = STATUS[payment.status];
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(payment.paidAt ?? payment.createdAt, { locale })}</Table.Td>
      <Table.Td>{payment.description}</Table.Td>
      <Table.Td>{formatPrice(payment.amount, payment.currency, undefined, locale)}</Table.Td>
      <Table.Td>
        {payment.provider === 'test' ? (
          <Badge color="yellow" variant="light">
            {t('billing.test.badge')}
          </Badge>
        ) : (
          RAZORPAY
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {t(status.labelKey)}
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
