import { Badge, Table } from '@mantine/core';
import type { AdminStudentRow, TeacherRow } from '../../../common/contracts/reports';
import { formatDateTime } from '../../../common/time';
import { scrollRegion } from '../../components/scroll-region';
import { formatPercent } from './format';
import { useLocale, useT } from './i18n';

export function TeachersTable({ rows }: { rows: TeacherRow[] }) {
  const t = useT();
  return (
    <Table.ScrollContainer minWidth={900} scrollAreaProps={scrollRegion(t('reports.region.teachers'))}>
      <Table striped data-testid="teachers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.table.name')}</Table.Th>
            <Table.Th>{t('reports.table.email')}</Table.Th>
            <Table.Th>{t('reports.table.role')}</Table.Th>
            <Table.Th>{t('reports.table.courses')}</Table.Th>
            <Table.Th>{t('reports.table.approved')}</Table.Th>
            <Table.Th>{t('reports.table.subscribers')}</Table.Th>
            <Table.Th>{t('reports.table.attempts')}</Table.Th>
            <Table.Th>{t('reports.table.avgScore')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.fullName}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={row.userType === 'institute' ? 'grape' : 'blue'}>
                  {t(row.userType === 'institute' ? 'role.institute' : 'role.teacher')}
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
  const t = useT();
  const locale = useLocale();
  return (
    <Table.ScrollContainer minWidth={760} scrollAreaProps={scrollRegion(t('reports.region.students'))}>
      <Table striped data-testid="admin-students-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.table.name')}</Table.Th>
            <Table.Th>{t('reports.table.email')}</Table.Th>
            <Table.Th>{t('reports.table.subscriptions')}</Table.Th>
            <Table.Th>{t('reports.table.attempts')}</Table.Th>
            <Table.Th>{t('reports.table.avgScore')}</Table.Th>
            <Table.Th>{t('reports.table.lastActivity')}</Table.Th>
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
              <Table.Td>{formatDateTime(row.lastActivityAt, { locale })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
