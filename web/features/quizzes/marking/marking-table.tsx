import {
  Anchor,
  Badge,
  Card,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Link } from 'react-router';
import { MARKING_PAGE_SIZE } from '../../../../common/contracts/quizzes';
import { formatDateTime } from '../../../../common/time';
import { useUrlFilters } from '../../../app/use-url-filters';
import { Pager } from '../../../components/pager';
import { formatMarks } from '../taking/format';
import { type MarkingStatus, useMarkerCourses, useMarkingList } from './api';

/** Attempts to mark (or already marked), filtered by status and course, a page at a time. */
export function MarkingTable() {
  const { params, page, update } = useUrlFilters();
  const status: MarkingStatus = params.get('status') === 'marked' ? 'marked' : 'submitted';
  const courseId = params.get('courseId') ?? undefined;
  const list = useMarkingList({ status, courseId, page });
  const courses = useMarkerCourses();
  const pageSize = list.data?.pageSize ?? MARKING_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));

  return (
    <Stack>
      <Group wrap="wrap">
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={(value) => update({ status: value === 'marked' ? 'marked' : null })}
          data={[
            { value: 'submitted', label: `Waiting${list.data?.waiting ? ` (${list.data.waiting})` : ''}` },
            { value: 'marked', label: 'Marked' },
          ]}
        />
        <Select
          aria-label="Course"
          placeholder="All courses"
          clearable
          searchable
          w={260}
          data={(courses.data ?? []).map((course) => ({ value: course.id, label: course.title }))}
          value={courseId ?? null}
          onChange={(value) => update({ courseId: value })}
        />
      </Group>
      {list.isPending ? (
        <Skeleton h={200} />
      ) : list.isError ? (
        <Text c="red">{list.error.message}</Text>
      ) : list.data.attempts.length === 0 ? (
        <Card withBorder padding="xl">
          <Text ta="center" fw={600}>
            {status === 'submitted' ? 'Nothing is waiting for marking' : 'Nothing has been marked yet'}
          </Text>
          <Text ta="center" size="sm" c="dimmed">
            {status === 'submitted'
              ? 'Long and file answers appear here when students submit a quiz.'
              : 'Attempts you mark are listed here.'}
          </Text>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Student</Table.Th>
                <Table.Th>Course</Table.Th>
                <Table.Th>Quiz</Table.Th>
                <Table.Th>Attempt</Table.Th>
                <Table.Th>Submitted</Table.Th>
                <Table.Th>{status === 'submitted' ? 'Waiting' : 'Score'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.attempts.map((row) => (
                <Table.Tr key={row.attemptId} data-testid="marking-row">
                  <Table.Td>
                    <Anchor component={Link} to={`/mark-submission?attemptId=${row.attemptId}`} fw={600}>
                      {row.studentName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {row.studentEmail}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.courseTitle}</Table.Td>
                  <Table.Td>{row.quizTitle}</Table.Td>
                  <Table.Td>{row.number}</Table.Td>
                  <Table.Td>{formatDateTime(row.submittedAt)}</Table.Td>
                  <Table.Td>
                    {status === 'submitted' ? (
                      <Badge color="yellow">{row.waiting} to mark</Badge>
                    ) : (
                      `${formatMarks(row.score ?? 0)} / ${formatMarks(row.maxScore)}`
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pager page={page} total={pages} onChange={(next) => update({ page: String(next) }, false)} />
      )}
    </Stack>
  );
}
