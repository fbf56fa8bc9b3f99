import { Alert, Container, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../common/time';
import { useUrlFilters } from '../../app/use-url-filters';
import { useSubscriptions } from '../learning';
import { useMyReport } from './api';
import { AttemptsTable } from './attempts-table';
import { CourseProgressTable } from './course-progress-table';
import { ExportButton } from './export-button';
import { formatTimeSpent } from './format';
import { useLocale, useT } from './i18n';
import { ReportFilters, reportQuery } from './report-filters';
import { ScoreChart } from './score-chart';
import { StatCards } from './stat-cards';

const TABS = ['quiz', 'course'] as const;

/** My Reports: the learner's own quiz results and course progress. */
export default function SummaryReportPage() {
  const t = useT();
  const locale = useLocale();
  const filters = useUrlFilters();
  const tab = TABS.find((value) => value === filters.params.get('tab')) ?? 'quiz';
  const query = reportQuery(filters.params, ['courseId', 'from', 'to']);
  const report = useMyReport(query);
  const subscriptions = useSubscriptions();
  const courseOptions = (subscriptions.data ?? []).map((course) => ({
    value: course.id,
    label: course.title,
  }));
  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('reports.mine.title')}
          </Title>
          {tab === 'quiz' && <ExportButton path="/reports/me" query={query} />}
        </Group>
        <ReportFilters filters={filters} courses={courseOptions} dates="submitted" />
        <Tabs value={tab} onChange={(value) => filters.update({ tab: value }, false)}>
          <Tabs.List>
            <Tabs.Tab value="quiz">{t('reports.tabs.quizzes')}</Tabs.Tab>
            <Tabs.Tab value="course">{t('reports.tabs.courses')}</Tabs.Tab>
          </Tabs.List>
          <Stack mt="md">
            {report.isError && <Alert color="red">{report.error.message}</Alert>}
            {report.isPending && <Skeleton h={240} />}
            {report.data && tab === 'quiz' && (
              <>
                <StatCards totals={report.data.totals} />
                <ScoreChart trend={report.data.trend} />
                <AttemptsTable attempts={report.data.attempts} />
              </>
            )}
            {report.data && tab === 'course' && (
              <>
                <Text size="sm" c="dimmed">
                  {t('reports.mine.timeAndActivity', {
                    time: formatTimeSpent(report.data.timeSpentSeconds, locale),
                    date: formatDateTime(report.data.lastActivityAt, { locale }),
                  })}
                </Text>
                <CourseProgressTable courses={report.data.courses} emptyHint={t('reports.mine.emptyHint')} />
              </>
            )}
          </Stack>
        </Tabs>
      </Stack>
    </Container>
  );
}
