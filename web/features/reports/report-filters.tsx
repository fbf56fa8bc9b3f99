import { Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import type { useUrlFilters } from '../../app/use-url-filters';
import { DateField } from '../../components/date-field';
import { useT } from './i18n';

type UrlFilters = ReturnType<typeof useUrlFilters>;

/** Course and date filters kept in the URL (dates typed DD/MM/YYYY: DateField). */
export function ReportFilters({
  filters,
  courses,
  dates,
  children,
}: {
  filters: UrlFilters;
  courses: { value: string; label: string }[];
  /** What the dates filter by: when an attempt was submitted, or when a student was active. */
  dates: 'submitted' | 'active';
  children?: ReactNode;
}) {
  const t = useT();
  const { params, update } = filters;
  return (
    <Group align="flex-end" wrap="wrap">
      {children}
      <Select
        label={t('reports.filters.course')}
        placeholder={t('reports.filters.allCourses')}
        clearable
        data={courses}
        value={params.get('courseId')}
        onChange={(value) => update({ courseId: value })}
        w={{ base: '100%', sm: 240 }}
      />
      <DateField
        label={t(dates === 'submitted' ? 'reports.filters.submittedFrom' : 'reports.filters.activeFrom')}
        value={params.get('from') ?? ''}
        onChange={(from) => update({ from })}
        w={{ base: '47%', sm: 170 }}
      />
      <DateField
        label={t('reports.filters.to')}
        aria-label={t(dates === 'submitted' ? 'reports.filters.submittedTo' : 'reports.filters.activeTo')}
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
