import { BarChart } from '@mantine/charts';
import { Alert, Card, Skeleton, Table, Text } from '@mantine/core';
import { scrollRegion } from '../../components/scroll-region';
import { useCourseStats } from './api';
import { EmptyCard } from './empty-card';
import { formatPercent } from './format';
import { useT } from './i18n';

/** Per course: subscribers, average progress and pass rate, as a chart and a table. */
export function CourseStatsPanel() {
  const t = useT();
  const stats = useCourseStats();
  if (stats.isPending) return <Skeleton h={320} />;
  if (stats.isError) return <Alert color="red">{stats.error.message}</Alert>;
  if (stats.data.length === 0)
    return <EmptyCard title={t('reports.courseStats.none')} hint={t('reports.courseStats.noneHint')} />;
  const data = stats.data.map((course) => ({
    course: course.title,
    'Average progress': course.averageProgress,
    'Pass rate': course.passRate ?? 0,
  }));
  return (
    <>
      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          {t('reports.courseStats.chart')}
        </Text>
        <BarChart
          h={280}
          data={data}
          dataKey="course"
          unit="%"
          yAxisProps={{ domain: [0, 100] }}
          series={[
            { name: 'Average progress', label: t('reports.courseStats.averageProgress'), color: 'indigo.6' },
            { name: 'Pass rate', label: t('reports.courseStats.passRate'), color: 'teal.6' },
          ]}
        />
      </Card>
      <Table.ScrollContainer minWidth={560} scrollAreaProps={scrollRegion(t('reports.region.courseStats'))}>
        <Table striped data-testid="course-stats-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reports.table.course')}</Table.Th>
              <Table.Th>{t('reports.table.subscribers')}</Table.Th>
              <Table.Th>{t('reports.table.avgProgress')}</Table.Th>
              <Table.Th>{t('reports.table.attempts')}</Table.Th>
              <Table.Th>{t('reports.table.passRate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stats.data.map((course) => (
              <Table.Tr key={course.courseId}>
                <Table.Td>{course.title}</Table.Td>
                <Table.Td>{course.subscribers}</Table.Td>
                <Table.Td>{course.averageProgress}%</Table.Td>
                <Table.Td>{course.attempts}</Table.Td>
                <Table.Td>{formatPercent(course.passRate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
