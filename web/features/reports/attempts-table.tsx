import { Badge, Table } from '@mantine/core';
import type { AttemptRow } from '../../../common/contracts/reports';
import { formatDateTime } from '../../../common/time';
import { scrollRegion } from '../../components/scroll-region';
import { EmptyCard } from './empty-card';
import { formatPercent } from './format';

function Result({ row }: { row: AttemptRow }) {
  if (row.status === 'submitted') return <Badge color="yellow">Waiting for marking</Badge>;
  return row.passed ? <Badge color="green">Passed</Badge> : <Badge color="red">Not passed</Badge>;
}

/** Finished attempts, newest first; scrolls sideways on a phone. */
export function AttemptsTable({ attempts }: { attempts: AttemptRow[] }) {
  if (attempts.length === 0)
    return <EmptyCard title="No quiz attempts yet" hint="Attempts appear here once a quiz is submitted." />;
  return (
    <Table.ScrollContainer minWidth={720} scrollAreaProps={scrollRegion('Quiz attempts')}>
      <Table striped highlightOnHover data-testid="attempts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quiz</Table.Th>
            <Table.Th>Course</Table.Th>
            <Table.Th>Attempt</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Percent</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Submitted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((row) => (
            <Table.Tr key={row.attemptId}>
              <Table.Td>{row.quizTitle}</Table.Td>
              <Table.Td>{row.courseTitle}</Table.Td>
              <Table.Td>{row.number}</Table.Td>
              <Table.Td>{row.score === null ? '—' : `${row.score} / ${row.maxScore}`}</Table.Td>
              <Table.Td>{formatPercent(row.percent)}</Table.Td>
              <Table.Td>
                <Result row={row} />
              </Table.Td>
              <Table.Td>{formatDateTime(row.submittedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
