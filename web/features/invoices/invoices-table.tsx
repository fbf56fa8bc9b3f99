import { Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { InvoiceRowView } from '../../../common/contracts/billing';
import { formatPrice } from '../../../common/money';
import { DownloadPdfButton } from './download-button';
import { formatDescription, formatInvoiceDay, formatPeriod, formatTax, STATUS_LABELS } from './format';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function StatusBadge({ status }: { status: InvoiceRowView['status'] }) {
  const { label, color } = STATUS_LABELS[status] ?? { label: status, color: 'gray' };
  return (
    <Badge color={color} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
      {label}
    </Badge>
  );
}

/** The invoices as a table from the small breakpoint up, and as cards on a phone. */
export function InvoicesTable({ invoices }: { invoices: InvoiceRowView[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={1080} visibleFrom="sm">
        <Table striped data-testid="invoices-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Period</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Tax (included)</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Download</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((invoice) => (
              <Table.Tr key={invoice.id}>
                <Table.Td fw={600} style={NO_WRAP}>
                  {invoice.number}
                </Table.Td>
                <Table.Td style={NO_WRAP}>{formatInvoiceDay(invoice.issuedAt)}</Table.Td>
                <Table.Td maw={320}>{formatDescription(invoice)}</Table.Td>
                <Table.Td>{formatPeriod(invoice)}</Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {formatPrice(invoice.total, invoice.currency)}
                </Table.Td>
                <Table.Td>{formatTax(invoice)}</Table.Td>
                <Table.Td style={NO_WRAP}>
                  <StatusBadge status={invoice.status} />
                </Table.Td>
                <Table.Td>
                  <DownloadPdfButton invoice={invoice} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack hiddenFrom="sm" gap="sm" data-testid="invoices-cards">
        {invoices.map((invoice) => (
          <Card key={invoice.id} withBorder padding="md">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{invoice.number}</Text>
              <StatusBadge status={invoice.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {formatInvoiceDay(invoice.issuedAt)}
            </Text>
            <Text size="sm" mt="xs">
              {formatDescription(invoice)}
            </Text>
            {invoice.periodStart && <Text size="sm">Period: {formatPeriod(invoice)}</Text>}
            <Group justify="space-between" mt="xs" wrap="nowrap" align="flex-end">
              <div>
                <Text fw={600}>{formatPrice(invoice.total, invoice.currency)}</Text>
                <Text size="xs" c="dimmed">
                  incl. {formatTax(invoice)}
                </Text>
              </div>
              <DownloadPdfButton invoice={invoice} />
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
