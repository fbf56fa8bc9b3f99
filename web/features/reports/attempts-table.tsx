import { Badge, Table } from '@mantine/core';
import type { AttemptRow } from '../../../common/contracts/reports';
import { formatDateTime } from '../../../common/time';
import { scrollRegion } from '../../components/scroll-region';
import { EmptyCard } from './empty-card';
import { formatPercent } from './format';
import { useLocale, useT } from './i18n';

function Result({ row }: { row: AttemptRow }) {
  const t = useT();
  if (row.status === 'submitted') return <Badge color="yellow">{t('reports.attempts.waiting')}</Badge>;
  return row.passed ? (
    <Badge color="green">{t('reports.attempts.passed')}</Badge>
  ) : (
    <Badge color="red">{t('reports.attempts.notPassed')}</Badge>
  );
}

/** Finished attempts, newest first; scrolls sideways on a phone. */
export function AttemptsTable({ attempts }: { attempts: AttemptRow[] }) {
  const t = useT();
  const locale = useLocale();
  if (attempts.length === 0)
    return <EmptyCard title={t('reports.attempts.none')} hint={t('reports.attempts.noneHint')} />;
  return (
    <Table.ScrollContainer minWidth={720} scrollAreaProps={scrollRegion(t('reports.region.attempts'))}>
      <Table striped highlightOnHover data-testid="attempts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.table.quiz')}</Table.Th>
            <Table.Th>{t('reports.table.course')}</Table.Th>
            <Table.Th>{t('reports.table.attempt')}</Table.Th>
            <Table.Th>{t('reports.table.score')}</Table.Th>
            <Table.Th>{t('reports.table.percent')}</Table.Th>
            <Table.Th>{t('reports.table.result')}</Table.Th>
            <Table.Th>{t('reports.table.submitted')}</Table.Th>
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
              <Table.Td>{formatDateTime(row.submittedAt, { locale })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
