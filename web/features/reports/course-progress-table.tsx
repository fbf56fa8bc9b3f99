import { Group, Progress, Table, Text } from '@mantine/core';
import type { CourseProgress } from '../../../common/contracts/reports';
import { formatDateTime } from '../../../common/time';
import { scrollRegion } from '../../components/scroll-region';
import { EmptyCard } from './empty-card';
import { formatTimeSpent } from './format';

/** Progress, time spent and last activity per subscribed course. */
export function CourseProgressTable({
  courses,
  emptyHint,
}: {
  courses: CourseProgress[];
  emptyHint?: string;
}) {
  if (courses.length === 0) return <EmptyCard title="No subscribed courses yet" hint={emptyHint} />;
  return (
    <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollRegion('Course progress')}>
      <Table striped data-testid="course-progress-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Course</Table.Th>
            <Table.Th w={240}>Progress</Table.Th>
            <Table.Th>Time spent</Table.Th>
            <Table.Th>Last activity</Table.Th>
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
                    aria-label={`Progress of ${course.title}`}
                  />
                  <Text size="sm" w={110}>
                    {course.progressPercent}% · {course.completedLessons}/{course.lessonCount}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>{formatTimeSpent(course.timeSpentSeconds)}</Table.Td>
              <Table.Td>{formatDateTime(course.lastActivityAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
