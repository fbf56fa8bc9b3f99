import { Alert, Container, Group, Select, Skeleton, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useUrlFilters } from '../../app/use-url-filters';
import { Pager } from '../../components/pager';
import { MarkingLink } from '../quizzes';
import { useCourseStats, useStudents } from './api';
import { CourseStatsPanel } from './course-stats-panel';
import { EmptyCard } from './empty-card';
import { ExportButton } from './export-button';
import { useT } from './i18n';
import { ReportFilters, reportQuery } from './report-filters';
import { StudentsTable } from './students-table';

// Insights are loaded with their tab, not with Reports: most visits here are for the student list.
const InsightsPanel = lazy(() => import('../insights').then((module) => ({ default: module.InsightsPanel })));

const TABS = ['student', 'course', 'insights'] as const;
const PAGE_SIZE = 20;

function StudentsPanel() {
  const t = useT();
  const filters = useUrlFilters();
  const { params, page, update } = filters;
  const search = params.get('search') ?? '';
  const [debounced] = useDebouncedValue(search, 300);
  const query: Record<string, string | undefined> = {
    ...reportQuery(params, ['courseId', 'from', 'to', 'sort']),
    search: debounced || undefined,
  };
  const students = useStudents({ ...query, page, pageSize: PAGE_SIZE });
  const courses = useCourseStats();
  const filtered = Boolean(search || query.courseId || query.from || query.to);
  const totalPages = students.data ? Math.max(1, Math.ceil(students.data.total / PAGE_SIZE)) : 1;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <ReportFilters
          filters={filters}
          courses={(courses.data ?? []).map((c) => ({ value: c.courseId, label: c.title }))}
          dates="active"
        >
          <TextInput
            label={t('reports.search.label')}
            placeholder={t('reports.search.placeholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => update({ search: event.currentTarget.value })}
            w={{ base: '100%', sm: 220 }}
          />
          <Select
            label={t('reports.sort.label')}
            data={[
              { value: 'name', label: t('reports.sort.name') },
              { value: 'lastActivity', label: t('reports.sort.lastActivity') },
            ]}
            value={params.get('sort') ?? 'name'}
            onChange={(value) => update({ sort: value === 'name' ? null : value })}
            allowDeselect={false}
            w={{ base: '100%', sm: 160 }}
          />
        </ReportFilters>
        <ExportButton path="/reports/students" query={query} />
      </Group>
      {students.isError && <Alert color="red">{students.error.message}</Alert>}
      {students.isPending && <Skeleton h={240} />}
      {students.data?.total === 0 && (
        <EmptyCard
          title={filtered ? t('reports.students.noneMatch') : t('reports.students.none')}
          hint={filtered ? t('reports.students.noneMatchHint') : t('reports.students.noneHint')}
        />
      )}
      {students.data && students.data.total > 0 && <StudentsTable rows={students.data.rows} />}
      {totalPages > 1 && (
        <Pager page={page} total={totalPages} onChange={(value) => update({ page: String(value) }, false)} />
      )}
    </Stack>
  );
}

/** Reports: the teacher's (or institute's) students and courses. */
export default function ReportPage() {
  const t = useT();
  const { params, update } = useUrlFilters();
  const tab = TABS.find((value) => value === params.get('tab')) ?? 'student';
  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('reports.title')}
          </Title>
          <MarkingLink />
        </Group>
        <Tabs value={tab} onChange={(value) => update({ tab: value })}>
          <Tabs.List>
            <Tabs.Tab value="student">{t('reports.tabs.students')}</Tabs.Tab>
            <Tabs.Tab value="course">{t('reports.tabs.courses')}</Tabs.Tab>
            <Tabs.Tab value="insights">{t('reports.tabs.insights')}</Tabs.Tab>
          </Tabs.List>
          <Stack mt="md">
            {tab === 'student' && <StudentsPanel />}
            {tab === 'course' && <CourseStatsPanel />}
            {tab === 'insights' && (
              <Suspense fallback={<Skeleton h={240} />}>
                <InsightsPanel />
              </Suspense>
            )}
          </Stack>
        </Tabs>
      </Stack>
    </Container>
  );
}
