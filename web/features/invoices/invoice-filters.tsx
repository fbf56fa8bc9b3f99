import { Button, Group, Select } from '@mantine/core';
import type { useUrlFilters } from '../../app/use-url-filters';
import { DateField } from '../../components/date-field';
import { KIND_KEYS } from './format';
import { useT } from './i18n';

type UrlFilters = ReturnType<typeof useUrlFilters>;

const KIND_OPTIONS = Object.entries(KIND_KEYS).map(([value, labelKey]) => ({ value, labelKey }));

/** Kind and issue-date filters, kept in the URL (dates typed DD/MM/YYYY: DateField). */
export function InvoiceFilters({
  filters,
  showCommission,
}: {
  filters: UrlFilters;
  showCommission: boolean;
}) {
  const t = useT();
  const { params, update, clear } = filters;
  const kinds = (
    showCommission ? KIND_OPTIONS : KIND_OPTIONS.filter((kind) => kind.value !== 'commission')
  ).map((kind) => ({ value: kind.value, label: t(kind.labelKey) }));
  const active = ['kind', 'from', 'to'].some((key) => params.get(key));
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('invoices.filters.kind')}
        placeholder={t('invoices.filters.allInvoices')}
        clearable
        data={kinds}
        value={params.get('kind')}
        onChange={(value) => update({ kind: value })}
        w={{ base: '100%', sm: 200 }}
      />
      <DateField
        label={t('invoices.filters.from')}
        value={params.get('from') ?? ''}
        onChange={(from) => update({ from })}
        w={{ base: '47%', sm: 170 }}
      />
      <DateField
        label={t('invoices.filters.to')}
        aria-label={t('invoices.filters.toAria')}
        value={params.get('to') ?? ''}
        onChange={(to) => update({ to })}
        w={{ base: '47%', sm: 170 }}
      />
      {active && (
        <Button variant="subtle" onClick={clear}>
          {t('invoices.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
