import { Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { InvoiceRowView } from '../../../common/contracts/billing';
import { formatPrice } from '../../../common/money';
import { DownloadPdfButton } from './download-button';
import { formatDescription, formatInvoiceDay, formatPeriod, formatTax, STATUS_LABELS } from './format';
import { useLocale, useT } from './i18n';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function StatusBadge({ status }: { status: InvoiceRowView['status'] }) {
  const t = useT();
  const known = STATUS_LABELS[status];
  const label = known ? t(known.labelKey) : status;
  const color = known?.color ?? 'gray';
  return (
    <Badge color={color} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
      {label}
    </Badge>
  );
}

/** The invoices as a table from the small breakpoint up, and as cards on a phone. */
export function InvoicesTable({ invoices }: { invoices: InvoiceRowView[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <Table.ScrollContainer minWidth={1080} visibleFrom="sm">
        <Table striped data-testid="invoices-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.table.number')}</Table.Th>
              <Table.Th>{t('invoices.table.date')}</Table.Th>
              <Table.Th>{t('invoices.table.description')}</Table.Th>
              <Table.Th>{t('invoices.table.period')}</Table.Th>
              <Table.Th ta="right">{t('invoices.table.amount')}</Table.Th>
              <Table.Th>{t('invoices.table.tax')}</Table.Th>
              <Table.Th>{t('invoices.table.status')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('invoices.table.download')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((invoice) => (
              <Table.Tr key={invoice.id}>
                <Table.Td fw={600} style={NO_WRAP}>
                  {invoice.number}
                </Table.Td>
                <Table.Td style={NO_WRAP}>{formatInvoiceDay(invoice.issuedAt, locale)}</Table.Td>
                <Table.Td maw={320}>{formatDescription(invoice, t)}</Table.Td>
                <Table.Td>{formatPeriod(invoice, locale)}</Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {formatPrice(invoice.total, invoice.currency, undefined, locale)}
                </Table.Td>
                <Table.Td>{formatTax(invoice, locale)}</Table.Td>
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
              {formatInvoiceDay(invoice.issuedAt, locale)}
            </Text>
            <Text size="sm" mt="xs">
              {formatDescription(invoice, t)}
            </Text>
            {invoice.periodStart && (
              <Text size="sm">{t('invoices.card.period', { period: formatPeriod(invoice, locale) })}</Text>
            )}
            <Group justify="space-between" mt="xs" wrap="nowrap" align="flex-end">
              <div>
                <Text fw={600}>{formatPrice(invoice.total, invoice.currency, undefined, locale)}</Text>
                <Text size="xs" c="dimmed">
                  {t('invoices.card.tax', { tax: formatTax(invoice, locale) })}
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
