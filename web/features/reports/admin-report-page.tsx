import { Alert, Container, Group, Skeleton, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useUrlFilters } from '../../app/use-url-filters';
import { Pager } from '../../components/pager';
import { AdminStudentsTable, TeachersTable } from './admin-tables';
import { useAdminStudents, useAdminTeachers } from './api';
import { EmptyCard } from './empty-card';
import { ExportButton } from './export-button';
import { useT } from './i18n';

// Insights are loaded with their tab, not with the report (decision 025's lazy part).
const InsightsPanel = lazy(() => import('../insights').then((module) => ({ default: module.InsightsPanel })));

const TABS = ['teacher', 'student', 'insights'] as const;
const PAGE_SIZE = 20;

/** The teachers or students list with its search, export and pages. */
function PeoplePanel({ tab }: { tab: 'teacher' | 'student' }) {
  const t = useT();
  const { params, page, update } = useUrlFilters();
  const search = params.get('search') ?? '';
  const [debounced] = useDebouncedValue(search, 300);
  const query = { search: debounced || undefined };
  const teachers = useAdminTeachers({ ...query, page, pageSize: PAGE_SIZE });
  const students = useAdminStudents({ ...query, page, pageSize: PAGE_SIZE });
  const list = tab === 'teacher' ? teachers : students;
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const noun = tab === 'teacher' ? 'teachers' : 'students';
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('reports.search.label')}
          placeholder={t('reports.search.placeholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => update({ search: event.currentTarget.value })}
          w={{ base: '100%', sm: 280 }}
        />
        <ExportButton path={`/admin-reports/${noun}`} query={query} />
      </Group>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending && <Skeleton h={240} />}
      {list.data?.total === 0 && (
        <EmptyCard
          title={
            tab === 'teacher'
              ? t(search ? 'reports.admin.noTeachersMatch' : 'reports.admin.noTeachers')
              : t(search ? 'reports.admin.noStudentsMatch' : 'reports.admin.noStudents')
          }
          hint={search ? t('reports.admin.tryAnother') : undefined}
        />
      )}
      {tab === 'teacher' && teachers.data && teachers.data.total > 0 && (
        <TeachersTable rows={teachers.data.rows} />
      )}
      {tab === 'student' && students.data && students.data.total > 0 && (
        <AdminStudentsTable rows={students.data.rows} />
      )}
      {totalPages > 1 && (
        <Pager page={page} total={totalPages} onChange={(value) => update({ page: String(value) }, false)} />
      )}
    </Stack>
  );
}

/** Admin Report: teachers and institutes, and students, with their figures; and every course's insights. */
export default function AdminReportPage() {
  const t = useT();
  const { params, update } = useUrlFilters();
  const tab = TABS.find((value) => value === params.get('tab')) ?? 'teacher';
  return (
    <Container size="xl">
      <Stack>
        <Title order={1} size="h2">
          {t('reports.admin.title')}
        </Title>
        <Tabs value={tab} onChange={(value) => update({ tab: value, search: null })}>
          <Tabs.List>
            <Tabs.Tab value="teacher">{t('reports.tabs.teachers')}</Tabs.Tab>
            <Tabs.Tab value="student">{t('reports.tabs.students')}</Tabs.Tab>
            <Tabs.Tab value="insights">{t('reports.tabs.insights')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {tab === 'insights' ? (
          <Suspense fallback={<Skeleton h={240} />}>
            <InsightsPanel />
          </Suspense>
        ) : (
          <PeoplePanel tab={tab} />
        )}
      </Stack>
    </Container>
  );
}
