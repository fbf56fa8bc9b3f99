import { Alert, Card, Divider, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSession } from '../../app/session';
import { useUrlFilters } from '../../app/use-url-filters';
import { useCourseInsights, useInsightCourses, useRefreshInsights } from './api';
import { CoursePicker } from './course-picker';
import { DigestSwitch } from './digest-switch';
import { useT } from './i18n';
import { QuestionsSection } from './questions-section';
import { QuizzesSection } from './quizzes-section';
import { RefreshBar } from './refresh-bar';
import { UnansweredSection } from './unanswered-section';
import { ViewingSection } from './viewing-section';

function EmptyState({ title, hint, busy }: { title: string; hint?: string; busy?: boolean }) {
  return (
    <Card withBorder padding="xl" ta="center" data-testid="insights-state" role={busy ? 'status' : undefined}>
      <Stack gap="xs" align="center">
        <Text fw={600}>{title}</Text>
        {hint && (
          <Text c="dimmed" size="sm" maw={520}>
            {hint}
          </Text>
        )}
        {/* Indeterminate: how long the first computation takes is not known. */}
        {busy && <Loader type="dots" role="progressbar" aria-label={title} />}
      </Stack>
    </Card>
  );
}

/** One course's insights: prepared on first open, then its four sections. */
function CourseInsightsView({ courseId }: { courseId: string }) {
  const t = useT();
  const insights = useCourseInsights(courseId);
  const refresh = useRefreshInsights(courseId);
  const neverQueued = insights.data?.refreshedAt === null && !insights.data.refreshing;
  const asked = useRef(false);
  // A course never computed and not queued either (the schedule has not reached it): asked for once.
  useEffect(() => {
    if (!neverQueued || asked.current) return;
    asked.current = true;
    refresh.mutate();
  }, [neverQueued, refresh]);

  if (insights.isPending) return <Skeleton h={320} />;
  if (insights.isError) return <Alert color="red">{insights.error.message}</Alert>;
  const data = insights.data;
  if (data.refreshedAt === null)
    return <EmptyState busy title={t('insights.panel.preparing')} hint={t('insights.panel.preparingHint')} />;
  return (
    <Stack gap="xl">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          <b>{data.course.title}</b> · {t('insights.students', { count: data.students })}
        </Text>
        <RefreshBar insights={data} />
      </Group>
      {data.students === 0 && (
        <Alert color="blue" variant="light">
          {t('insights.panel.noStudents')}
        </Alert>
      )}
      <QuestionsSection insights={data} />
      <Divider />
      <UnansweredSection insights={data} />
      <Divider />
      <QuizzesSection quizzes={data.quizzes} />
      <Divider />
      <ViewingSection viewing={data.viewing} />
    </Stack>
  );
}

/**
 * Whether the weekly digest may reach this user: teachers and institutes get it (once a course of theirs or,
 * for an institute, of one of their teachers is live), admins never.
 */
const mayGetDigest = (userType: string | undefined) => userType === 'teacher' || userType === 'institute';

/**
 * The Insights tab of /report and /admin-report: what students ask, where quizzes are lost and where viewing
 * drops, for the course in `?course=` (the first one when none is chosen).
 */
export function InsightsPanel() {
  const t = useT();
  const { params, update } = useUrlFilters();
  const courseId = params.get('course');
  const courses = useInsightCourses('');
  const chosen = useCourseInsights(courseId);
  const first = courses.data?.courses[0]?.id;
  const digest = mayGetDigest(useSession()?.userType);

  // Open the first course rather than an empty page; replace, so Back leaves the tab as it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list or the choice changes
  useEffect(() => {
    if (!courseId && first) update({ course: first }, false);
  }, [courseId, first]);

  if (courses.isPending) return <Skeleton h={240} />;
  if (courses.isError) return <Alert color="red">{courses.error.message}</Alert>;
  if (courses.data.total === 0)
    return (
      <Stack gap="lg" data-testid="insights-panel">
        <EmptyState title={t('insights.panel.noCourses')} hint={t('insights.panel.noCoursesHint')} />
        {digest && <DigestSwitch />}
      </Stack>
    );
  return (
    <Stack gap="lg" data-testid="insights-panel">
      <CoursePicker
        value={courseId}
        selectedTitle={
          chosen.data?.course.title ?? courses.data.courses.find((c) => c.id === courseId)?.title
        }
        onChange={(id) => update({ course: id }, false)}
      />
      {courseId && <CourseInsightsView key={courseId} courseId={courseId} />}
      {digest && <DigestSwitch />}
    </Stack>
  );
}
