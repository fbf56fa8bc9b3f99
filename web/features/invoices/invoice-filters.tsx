import { Button, Group, Select } from '@mantine/core';
import type { useUrlFilters } from '../../app/use-url-filters';
import { DateField } from '../../components/date-field';
import { KIND_LABELS } from './format';

type UrlFilters = ReturnType<typeof useUrlFilters>;

const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));

/** Kind and issue-date filters, kept in the URL (dates typed DD/MM/YYYY: DateField). */
export function InvoiceFilters({
  filters,
  showCommission,
}: {
  filters: UrlFilters;
  showCommission: boolean;
}) {
  const { params, update, clear } = filters;
  const kinds = showCommission ? KIND_OPTIONS : KIND_OPTIONS.filter((kind) => kind.value !== 'commission');
  const active = ['kind', 'from', 'to'].some((key) => params.get(key));
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label="Kind"
        placeholder="All invoices"
        clearable
        data={kinds}
        value={params.get('kind')}
        onChange={(value) => update({ kind: value })}
        w={{ base: '100%', sm: 200 }}
      />
      <DateField
        label="Issued from"
        value={params.get('from') ?? ''}
        onChange={(from) => update({ from })}
        w={{ base: '47%', sm: 170 }}
      />
      <DateField
        label="to"
        aria-label="Issued to"
        value={params.get('to') ?? ''}
        onChange={(to) => update({ to })}
        w={{ base: '47%', sm: 170 }}
      />
      {active && (
        <Button variant="subtle" onClick={clear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
