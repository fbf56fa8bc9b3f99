import { Group, Progress, Table, Text } from '@mantine/core';
import type { CourseProgress } from '../../../common/contracts/reports';
import { formatDateTime } from '../../../common/time';
import { scrollRegion } from '../../components/scroll-region';
import { EmptyCard } from './empty-card';
import { formatTimeSpent } from './format';
import { useLocale, useT } from './i18n';

/** Progress, time spent and last activity per subscribed course. */
export function CourseProgressTable({
  courses,
  emptyHint,
}: {
  courses: CourseProgress[];
  emptyHint?: string;
}) {
  const t = useT();
  const locale = useLocale();
  if (courses.length === 0) return <EmptyCard title={t('reports.progress.none')} hint={emptyHint} />;
  return (
    <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollRegion(t('reports.region.progress'))}>
      <Table striped data-testid="course-progress-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.table.course')}</Table.Th>
            <Table.Th w={240}>{t('reports.table.progress')}</Table.Th>
            <Table.Th>{t('reports.table.timeSpent')}</Table.Th>
            <Table.Th>{t('reports.table.lastActivity')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {courses.map((course) => (
            <Table.Tr key={course.courseId}>
              <Table.Td>{course.title}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Progress
                    value={course.progressPercent}
                    flex={1}
                    aria-label={t('reports.progress.of', { title: course.title })}
                  />
                  <Text size="sm" w={110}>
                    {course.progressPercent}% · {course.completedLessons}/{course.lessonCount}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>{formatTimeSpent(course.timeSpentSeconds, locale)}</Table.Td>
              <Table.Td>{formatDateTime(course.lastActivityAt, { locale })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
