import { Alert, Anchor, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { studentParamsSchema } from '../../../common/contracts/reports';
import { formatDateTime } from '../../../common/time';
import { useUrlFilters } from '../../app/use-url-filters';
import { useStudentReport } from './api';
import { AttemptsTable } from './attempts-table';
import { CourseProgressTable } from './course-progress-table';
import { EmptyCard } from './empty-card';
import { ExportButton } from './export-button';
import { formatTimeSpent } from './format';
import { useLocale, useT } from './i18n';
import { ReportFilters, reportQuery } from './report-filters';
import { ScoreChart } from './score-chart';
import { StatCards } from './stat-cards';

/** Student Report: one student's progress and results on the teacher's (or institute's) courses. */
export default function ViewStudentPage() {
  const t = useT();
  const locale = useLocale();
  const filters = useUrlFilters();
  // The server's own rule for the id: a missing or malformed one could only be refused, so it is never sent.
  const parsed = studentParamsSchema.safeParse({ studentId: filters.params.get('studentId') });
  const studentId = parsed.success ? parsed.data.studentId : null;
  const query = reportQuery(filters.params, ['courseId', 'from', 'to']);
  const report = useStudentReport(studentId, query);
  const back = (
    <Anchor component={Link} to="/report?tab=student" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> {t('reports.student.back')}
      </Group>
    </Anchor>
  );
  if (studentId === null)
    return (
      <Container size="xl">
        <Stack>
          {back}
          <EmptyCard title={t('reports.student.choose')} hint={t('reports.student.chooseHint')} />
        </Stack>
      </Container>
    );
  if (report.isError)
    return (
      <Container size="xl">
        <Stack>
          {back}
          <Alert color="red">{report.error.message}</Alert>
        </Stack>
      </Container>
    );
  const data = report.data;
  return (
    <Container size="xl">
      <Stack>
        {back}
        {!data ? (
          <Skeleton h={320} />
        ) : (
          <>
            <Card withBorder padding="lg">
              <Group justify="space-between" align="flex-start">
                <div>
                  <Title order={1} size="h2">
                    {data.student.fullName}
                  </Title>
                  <Text c="dimmed">{data.student.email}</Text>
                  <Text size="sm" mt={4}>
                    {t('reports.student.activityAndTime', {
                      date: formatDateTime(data.lastActivityAt, { locale }),
                      time: formatTimeSpent(data.timeSpentSeconds, locale),
                    })}
                  </Text>
                </div>
                <ExportButton path={`/reports/students/${studentId}`} query={query} />
              </Group>
            </Card>
            <ReportFilters
              filters={filters}
              courses={data.courses.map((course) => ({ value: course.courseId, label: course.title }))}
              dates="submitted"
            />
            <Title order={2} size="h4">
              {t('reports.student.courses')}
            </Title>
            <CourseProgressTable courses={data.courses} />
            <Title order={2} size="h4">
              {t('reports.student.quizzes')}
            </Title>
            <StatCards totals={data.totals} />
            <ScoreChart trend={data.trend} />
            <AttemptsTable attempts={data.attempts} />
          </>
        )}
      </Stack>
    </Container>
  );
}
