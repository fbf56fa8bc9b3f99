import { Table } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { StudentRow } from '../../../common/contracts/reports';
import { formatDateTime } from '../../../common/time';
import { formatPercent, formatTimeSpent } from './format';
import { useLocale, useT } from './i18n';

/** The teacher's students; a row (click or Enter) opens the student's report. */
export function StudentsTable({ rows }: { rows: StudentRow[] }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const open = (id: string) => navigate(`/view-student-of-teacher?studentId=${id}`);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover data-testid="students-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.table.name')}</Table.Th>
            <Table.Th>{t('reports.table.email')}</Table.Th>
            <Table.Th>{t('reports.table.courses')}</Table.Th>
            <Table.Th>{t('reports.table.avgProgress')}</Table.Th>
            <Table.Th>{t('reports.table.avgScore')}</Table.Th>
            <Table.Th>{t('reports.table.attempts')}</Table.Th>
            <Table.Th>{t('reports.table.timeSpent')}</Table.Th>
            <Table.Th>{t('reports.table.lastActivity')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              aria-label={t('reports.students.openReport', { name: row.fullName })}
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
                {row.waiting > 0 ? ` ${t('reports.students.waiting', { count: row.waiting })}` : ''}
              </Table.Td>
              <Table.Td>{formatTimeSpent(row.timeSpentSeconds, locale)}</Table.Td>
              <Table.Td>{formatDateTime(row.lastActivityAt, { locale })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
