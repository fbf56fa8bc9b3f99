import { Badge, Table } from '@mantine/core';
import type { AdminStudentRow, TeacherRow } from '../../../common/contracts/reports';
import { formatDateTime } from '../../../common/time';
import { scrollRegion } from '../../components/scroll-region';
import { formatPercent } from './format';

export function TeachersTable({ rows }: { rows: TeacherRow[] }) {
  return (
    <Table.ScrollContainer minWidth={900} scrollAreaProps={scrollRegion('Teachers')}>
      <Table striped data-testid="teachers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Courses</Table.Th>
            <Table.Th>Approved</Table.Th>
            <Table.Th>Subscribers</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Avg. score</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.fullName}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={row.userType === 'institute' ? 'grape' : 'blue'}>
                  {row.userType === 'institute' ? 'Institute' : 'Teacher'}
                </Badge>
                {row.instituteName ? ` · ${row.instituteName}` : ''}
              </Table.Td>
              <Table.Td>{row.courses}</Table.Td>
              <Table.Td>{row.approvedCourses}</Table.Td>
              <Table.Td>{row.subscribers}</Table.Td>
              <Table.Td>{row.attempts}</Table.Td>
              <Table.Td>{formatPercent(row.averagePercent)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function AdminStudentsTable({ rows }: { rows: AdminStudentRow[] }) {
  return (
    <Table.ScrollContainer minWidth={760} scrollAreaProps={scrollRegion('Students')}>
      <Table striped data-testid="admin-students-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Subscriptions</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Avg. score</Table.Th>
            <Table.Th>Last activity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.fullName}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>{row.subscriptions}</Table.Td>
              <Table.Td>{row.attempts}</Table.Td>
              <Table.Td>{formatPercent(row.averagePercent)}</Table.Td>
              <Table.Td>{formatDateTime(row.lastActivityAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
