import { Table } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { StudentRow } from '../../../common/contracts/reports';
import { formatDateTime } from '../../../common/time';
import { formatPercent, formatTimeSpent } from './format';

/** The teacher's students; a row (click or Enter) opens the student's report. */
export function StudentsTable({ rows }: { rows: StudentRow[] }) {
  const navigate = useNavigate();
  const open = (id: string) => navigate(`/view-student-of-teacher?studentId=${id}`);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover data-testid="students-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Courses</Table.Th>
            <Table.Th>Avg. progress</Table.Th>
            <Table.Th>Avg. score</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Time spent</Table.Th>
            <Table.Th>Last activity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              aria-label={`Open the report of ${row.fullName}`}
              onClick={() => open(row.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') open(row.id);
              }}
            >
              <Table.Td>{row.fullName}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>{row.courses}</Table.Td>
              <Table.Td>{row.averageProgress}%</Table.Td>
              <Table.Td>{formatPercent(row.averagePercent)}</Table.Td>
              <Table.Td>
                {row.attempts}
                {row.waiting > 0 ? ` (${row.waiting} waiting)` : ''}
              </Table.Td>
              <Table.Td>{formatTimeSpent(row.timeSpentSeconds)}</Table.Td>
              <Table.Td>{formatDateTime(row.lastActivityAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
