import { BarChart } from '@mantine/charts';
import { Alert, Card, Skeleton, Table, Text } from '@mantine/core';
import { scrollRegion } from '../../components/scroll-region';
import { useCourseStats } from './api';
import { EmptyCard } from './empty-card';
import { formatPercent } from './format';

/** Per course: subscribers, average progress and pass rate, as a chart and a table. */
export function CourseStatsPanel() {
  const stats = useCourseStats();
  if (stats.isPending) return <Skeleton h={320} />;
  if (stats.isError) return <Alert color="red">{stats.error.message}</Alert>;
  if (stats.data.length === 0)
    return (
      <EmptyCard
        title="No live courses yet"
        hint="Once a course is approved, its students' figures show here."
      />
    );
  const data = stats.data.map((course) => ({
    course: course.title,
    'Average progress': course.averageProgress,
    'Pass rate': course.passRate ?? 0,
  }));
  return (
    <>
      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          Average progress and pass rate per course
        </Text>
        <BarChart
          h={280}
          data={data}
          dataKey="course"
          unit="%"
          yAxisProps={{ domain: [0, 100] }}
          series={[
            { name: 'Average progress', color: 'indigo.6' },
            { name: 'Pass rate', color: 'teal.6' },
          ]}
        />
      </Card>
      <Table.ScrollContainer minWidth={560} scrollAreaProps={scrollRegion('Course statistics')}>
        <Table striped data-testid="course-stats-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Course</Table.Th>
              <Table.Th>Subscribers</Table.Th>
              <Table.Th>Avg. progress</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Pass rate</Table.Th>
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
