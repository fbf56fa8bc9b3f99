import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SS } from '../../app/storage';
import { toast } from '../../app/toast';
import { CourseCover } from '../../components/course-cover';
import { useRedeemShareToken, useSubscriptions } from './api';
import { CoursePlayer } from './course-player';
import { useT } from './i18n';

// Meeting requests load after the player, so the learner's first page keeps its weight.
const CourseMeetings = lazy(() =>
  import('../meetings').then((module) => ({ default: module.CourseMeetings })),
);

/** Redeems a share link's token kept by the login page, then opens its course. */
function useShareTokenRedemption() {
  const redeem = useRedeemShareToken();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    const token = sessionStorage.getItem(SS.shareToken);
    if (!token || started.current) return;
    started.current = true;
    sessionStorage.removeItem(SS.shareToken);
    redeem.mutate(token, {
      onSuccess: ({ courseId }) => navigate(`/subscribed-courses?courseId=${courseId}`, { replace: true }),
      onError: (error) => toast('danger', error.message),
    });
  }, [redeem, navigate]);
  return redeem.isPending;
}

function CourseList() {
  const subscriptions = useSubscriptions();
  const t = useT();
  if (subscriptions.isPending) return <Skeleton h={240} />;
  if (subscriptions.isError) return <Alert color="red">{subscriptions.error.message}</Alert>;
  if (subscriptions.data.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Stack align="center" gap="xs">
          <Text fw={600}>{t('learning.list.empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('learning.list.emptyHint')}
          </Text>
          <Button component={Link} to="/explore-new-courses">
            {t('learning.list.explore')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {subscriptions.data.map((course) => (
        <Card key={course.id} withBorder padding="lg" data-testid="subscribed-card">
          <Card.Section>
            <CourseCover
              pictureUrl={course.thumbnailUrl}
              title={course.title}
              category={course.category}
              teacherName={course.teacherName}
            />
          </Card.Section>
          <Stack gap="xs" mt="sm">
            <Text fw={700} lineClamp={2}>
              {course.title}
            </Text>
            <Text size="xs" c="dimmed">
              {t('learning.list.byline', { teacher: course.teacherName, category: course.category })}
            </Text>
            <Progress
              value={course.progressPercent}
              aria-label={t('learning.list.progressOf', { title: course.title })}
            />
            <Group justify="space-between">
              <Text size="sm">
                {t('learning.list.progress', {
                  percent: course.progressPercent,
                  done: course.completedLessons,
                  lessons: course.lessonCount,
                })}
              </Text>
              <Button size="xs" component={Link} to={`/subscribed-courses?courseId=${course.id}`}>
                {course.progressPercent > 0 ? t('learning.list.continue') : t('learning.list.start')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Subscribed Courses: the learner's courses with progress, or the course player for ?courseId=. */
export default function SubscribedCoursesPage() {
  const [params] = useSearchParams();
  const courseId = params.get('courseId');
  const redeeming = useShareTokenRedemption();
  const t = useT();
  return (
    <Container size="xl">
      {courseId ? (
        <Stack>
          <CoursePlayer key={courseId} courseId={courseId} />
          <Suspense fallback={null}>
            <CourseMeetings key={courseId} courseId={courseId} />
          </Suspense>
        </Stack>
      ) : (
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <Title order={1} size="h2">
              {t('learning.title')}
            </Title>
            <Anchor component={Link} to="/certificates" data-testid="my-certificates-link">
              {t('learning.list.certificates')}
            </Anchor>
          </Group>
          {redeeming ? <Skeleton h={240} /> : <CourseList />}
        </Stack>
      )}
    </Container>
  );
}
