import { Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import type { useUrlFilters } from '../../app/use-url-filters';
import { DateField } from '../../components/date-field';

type UrlFilters = ReturnType<typeof useUrlFilters>;

/** Course and date filters kept in the URL (dates typed DD/MM/YYYY: DateField). */
export function ReportFilters({
  filters,
  courses,
  dateLabel,
  children,
}: {
  filters: UrlFilters;
  courses: { value: string; label: string }[];
  dateLabel: string;
  children?: ReactNode;
}) {
  const { params, update } = filters;
  return (
    <Group align="flex-end" wrap="wrap">
      {children}
      <Select
        label="Course"
        placeholder="All courses"
        clearable
        data={courses}
        value={params.get('courseId')}
        onChange={(value) => update({ courseId: value })}
        w={{ base: '100%', sm: 240 }}
      />
      <DateField
        label={`${dateLabel} from`}
        value={params.get('from') ?? ''}
        onChange={(from) => update({ from })}
        w={{ base: '47%', sm: 170 }}
      />
      <DateField
        label="to"
        aria-label={`${dateLabel} to`}
        value={params.get('to') ?? ''}
        onChange={(to) => update({ to })}
        w={{ base: '47%', sm: 170 }}
      />
    </Group>
  );
}

/** The filters of a report's query, as the URL holds them. */
export function reportQuery(params: URLSearchParams, keys: string[]) {
  return Object.fromEntries(keys.map((key) => [key, params.get(key) || undefined])) as Record<
    string,
    string | undefined
  >;
}
