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
import { useLocale, useT } from '../i18n';
import { formatMarks } from '../taking/format';
import { type MarkingStatus, useMarkerCourses, useMarkingList } from './api';

/** Attempts to mark (or already marked), filtered by status and course, a page at a time. */
export function MarkingTable() {
  const t = useT();
  const locale = useLocale();
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
          aria-label={t('quizzes.marking.status')}
          value={status}
          onChange={(value) => update({ status: value === 'marked' ? 'marked' : null })}
          data={[
            {
              value: 'submitted',
              label: list.data?.waiting
                ? t('quizzes.marking.waitingCount', { count: list.data.waiting })
                : t('quizzes.marking.waiting'),
            },
            { value: 'marked', label: t('quizzes.common.marked') },
          ]}
        />
        <Select
          aria-label={t('quizzes.marking.course')}
          placeholder={t('quizzes.common.allCourses')}
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
            {status === 'submitted'
              ? t('quizzes.marking.nothingWaiting')
              : t('quizzes.marking.nothingMarked')}
          </Text>
          <Text ta="center" size="sm" c="dimmed">
            {status === 'submitted' ? t('quizzes.marking.waitingHelp') : t('quizzes.marking.markedHelp')}
          </Text>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('quizzes.marking.student')}</Table.Th>
                <Table.Th>{t('quizzes.marking.course')}</Table.Th>
                <Table.Th>{t('quizzes.marking.quiz')}</Table.Th>
                <Table.Th>{t('quizzes.marking.attempt')}</Table.Th>
                <Table.Th>{t('quizzes.marking.submitted')}</Table.Th>
                <Table.Th>
                  {status === 'submitted' ? t('quizzes.marking.waiting') : t('quizzes.marking.score')}
                </Table.Th>
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
                  <Table.Td>{formatDateTime(row.submittedAt, { locale })}</Table.Td>
                  <Table.Td>
                    {status === 'submitted' ? (
                      <Badge color="yellow">{t('quizzes.marking.toMark', { count: row.waiting })}</Badge>
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
