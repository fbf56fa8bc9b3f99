import { Chip, Group } from '@mantine/core';
import { useT } from './i18n';

/** "All" and one chip per status, as a radio group: the status filter of the referred and commission lists. */
export function StatusChips<Status extends string>({
  statuses,
  labels,
  value,
  onChange,
  label,
}: {
  statuses: readonly Status[];
  /** Each status's catalog key. */
  labels: Record<Status, { labelKey: string }>;
  value: Status | undefined;
  onChange: (value: Status | null) => void;
  /** The group's accessible name. */
  label: string;
}) {
  const t = useT();
  return (
    <Chip.Group<false>
      value={value ?? 'all'}
      onChange={(next: string) => onChange(next === 'all' ? null : (next as Status))}
    >
      <Group gap="xs" role="radiogroup" aria-label={label}>
        {[
          { value: 'all', label: t('partners.all') },
          ...statuses.map((status) => ({ value: status, label: t(labels[status].labelKey) })),
        ].map((option) => (
          <Chip key={option.value} value={option.value} variant="outline">
            {option.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
