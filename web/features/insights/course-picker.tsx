import { Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useInsightCourses } from './api';
import { useT } from './i18n';

interface Props {
  value: string | null;
  /** The chosen course's title, known from its insights even when it is not on the list's first page. */
  selectedTitle: string | undefined;
  onChange: (courseId: string) => void;
}

/**
 * The course whose insights show. An admin may see hundreds, so the list is searched on the server (debounced)
 * rather than filtered here; the chosen course stays an option whatever the search.
 */
export function CoursePicker({ value, selectedTitle, onChange }: Props) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Once chosen, the box shows the course's title: that is the choice, not a search.
  const query = debounced === selectedTitle ? '' : debounced;
  const courses = useInsightCourses(query);
  const list = courses.data?.courses ?? [];
  const data = list.map((course) => ({ value: course.id, label: course.title }));
  if (value && selectedTitle && !data.some((option) => option.value === value))
    data.unshift({ value, label: selectedTitle });
  const byId = new Map(list.map((course) => [course.id, course]));
  const more = courses.data && courses.data.total > list.length;
  return (
    <Select
      label={t('insights.picker.label')}
      placeholder={t('insights.picker.placeholder')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={data}
      value={value}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      nothingFoundMessage={courses.isFetching ? t('insights.picker.searching') : t('insights.picker.nothing')}
      rightSection={
        courses.isFetching ? (
          <Loader size={14} aria-label={t('insights.picker.searchingCourses')} />
        ) : undefined
      }
      description={
        more ? t('insights.picker.more', { shown: list.length, total: courses.data?.total ?? 0 }) : undefined
      }
      renderOption={({ option }) => {
        const course = byId.get(option.value);
        return (
          <div>
            <Text size="sm">{option.label}</Text>
            {course && (
              <Text size="xs" c="dimmed">
                {course.ownerName} · {t('insights.students', { count: course.students })}
              </Text>
            )}
          </div>
        );
      }}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', sm: 360 }}
      data-testid="insights-course-picker"
    />
  );
}
