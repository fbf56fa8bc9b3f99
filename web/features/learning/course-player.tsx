import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NavLink,
  Progress,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconFileText, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { LearnerLesson } from '../../../common/contracts/learning';
import { formatClock } from '../../../common/time';
import type { WatchRange } from '../../../common/watch-ranges';
import { HlsPlayer } from '../../components/hls-player';
import { AskGuruButton } from '../guru-session';
import { learningKeys, saveProgress, useLearnerCourse } from './api';
import { rich, useT } from './i18n';

// The quizzes feature's index also carries quiz authoring (and zod's schemas, 20 kB): loaded with the quiz list,
// not with the player, so a student's first page stays within its weight (scripts/page-weight-budgets.ts).
const CourseQuizzes = lazy(() => import('../quizzes').then((module) => ({ default: module.CourseQuizzes })));
const LessonNotesPanel = lazy(() =>
  import('../lesson-notes').then((module) => ({ default: module.LessonNotesPanel })),
);
const CourseCertificateCard = lazy(() =>
  import('../certificates').then((module) => ({ default: module.CourseCertificateCard })),
);

const SPEEDS = ['0.75', '1', '1.25', '1.5', '2'];
/** Progress is saved at most this often while playing, and whenever playback pauses or ends. */
const SAVE_EVERY_MS = 5000;

/** Where to start a lesson: its saved position, or the beginning when it was watched to the end. */
function resumeAt(lesson: LearnerLesson): number {
  const duration = lesson.durationSeconds ?? 0;
  return lesson.positionSeconds > 0 && (duration === 0 || lesson.positionSeconds < duration - 1)
    ? lesson.positionSeconds
    : 0;
}

/** Offered when a lesson ends: the next lesson, or — after the last — where the course goes on. */
function UpNext({ next, onPlay }: { next: LearnerLesson | null; onPlay: (next: LearnerLesson) => void }) {
  const t = useT();
  return (
    <Card withBorder padding="sm" data-testid="up-next" role="status">
      <Group justify="space-between" wrap="wrap" gap="xs">
        {next ? (
          <>
            <Text size="sm">
              {rich('learning.player.upNext', {
                title: next.title,
                duration: formatClock(next.durationSeconds),
                b: (chunks) => <b>{chunks}</b>,
              })}
            </Text>
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={14} />}
              onClick={() => onPlay(next)}
              autoFocus
            >
              {t('learning.player.playNext')}
            </Button>
          </>
        ) : (
          <Text size="sm">{t('learning.player.lastLesson')}</Text>
        )}
      </Group>
    </Card>
  );
}

/** The course player: lessons, the video with resume and speed, progress saved on the server, FAQ and material. */
export function CoursePlayer({ courseId }: { courseId: string }) {
  const course = useLearnerCourse(courseId);
  const t = useT();
  const queryClient = useQueryClient();
  const [lessonId, setLessonId] = useState<string | null>(null);
  const [speed, setSpeed] = useState('1');
  const [startAt, setStartAt] = useState(0);
  // The lesson that just played to its end: the player then offers the next one (or the quizzes after the last).
  const [endedId, setEndedId] = useState<string | null>(null);
  const lastSaved = useRef(0);
  // A quiz result links to a lesson moment: ?videoId=…&t=seconds opens that lesson there.
  const [params] = useSearchParams();

  const lessons = course.data?.lessons ?? [];
  const lesson = lessons.find((l) => l.id === lessonId);

  const choose = useCallback((next: LearnerLesson) => {
    setLessonId(next.id);
    setEndedId(null);
    setStartAt(resumeAt(next));
    lastSaved.current = Date.now();
  }, []);

  // Open the first lesson not yet completed once the course has loaded.
  useEffect(() => {
    if (!lessonId && course.data && course.data.lessons.length > 0) {
      const linked = course.data.lessons.find((l) => l.id === params.get('videoId'));
      choose(linked ?? course.data.lessons.find((l) => !l.completed) ?? course.data.lessons[0]);
      if (linked) setStartAt(Math.max(0, Number(params.get('t')) || 0));
    }
  }, [course.data, lessonId, choose, params]);

  const save = useCallback(
    (seconds: number, played: WatchRange[]) => {
      if (!lesson || !Number.isFinite(seconds)) return;
      lastSaved.current = Date.now();
      saveProgress({ videoId: lesson.id, positionSeconds: seconds, watchedRanges: played })
        .then((saved) => {
          // Keep the list's ticks and percentages current without reloading the player.
          queryClient.setQueryData(learningKeys.course(courseId), (data: typeof course.data) =>
            data
              ? {
                  ...data,
                  lessons: data.lessons.map((l) =>
                    l.id === saved.videoId
                      ? {
                          ...l,
                          positionSeconds: saved.positionSeconds,
                          watchedSeconds: saved.watchedSeconds,
                          completed: saved.completed,
                        }
                      : l,
                  ),
                }
              : data,
          );
          void queryClient.invalidateQueries({ queryKey: learningKeys.subscriptions });
        })
        .catch(() => undefined);
    },
    [lesson, courseId, queryClient],
  );

  const onTime = (seconds: number, _duration: number, played: WatchRange[]) => {
    if (Date.now() - lastSaved.current >= SAVE_EVERY_MS) save(seconds, played);
  };

  if (course.isPending) return <Skeleton h={400} />;
  if (course.isError)
    return (
      <Stack>
        <Alert color="red">{course.error.message}</Alert>
        <Button component={Link} to="/subscribed-courses" variant="light">
          {t('learning.player.back')}
        </Button>
      </Stack>
    );
  const data = course.data;
  const done = data.lessons.filter((l) => l.completed).length;
  const percent = data.lessons.length ? Math.round((done / data.lessons.length) * 100) : 0;

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">
            {data.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('learning.player.byline', { teacher: data.teacherName, done, lessons: data.lessons.length })}
          </Text>
        </div>
        <Group gap="xs">
          <AskGuruButton courseId={courseId} />
          <Button component={Link} to="/subscribed-courses" variant="subtle">
            {t('learning.player.allCourses')}
          </Button>
        </Group>
      </Group>
      <Progress value={percent} aria-label={t('learning.player.courseProgress')} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {lesson ? (
              <>
                <HlsPlayer
                  key={lesson.id}
                  src={lesson.playlistUrl}
                  poster={lesson.posterUrl}
                  title={lesson.title}
                  captionsUrl={lesson.captionsUrl}
                  startAt={startAt}
                  playbackRate={Number(speed)}
                  onTime={onTime}
                  onStop={(seconds, _duration, played) => save(seconds, played)}
                  onEnded={() => setEndedId(lesson.id)}
                />
                {endedId === lesson.id && (
                  <UpNext
                    next={lessons[lessons.indexOf(lesson) + 1] ?? null}
                    onPlay={(next) => {
                      choose(next);
                      setStartAt(0);
                    }}
                  />
                )}
                <Group justify="space-between">
                  <Text fw={600}>{lesson.title}</Text>
                  <Group gap="xs">
                    <Text size="sm" c="dimmed">
                      {t('learning.player.speed')}
                    </Text>
                    <SegmentedControl
                      size="xs"
                      aria-label={t('learning.player.playbackSpeed')}
                      data={SPEEDS.map((value) => ({ value, label: `${value}×` }))}
                      value={speed}
                      onChange={setSpeed}
                    />
                  </Group>
                </Group>
              </>
            ) : (
              <Text c="dimmed">{t('learning.player.noLessons')}</Text>
            )}
            {data.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Text>}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <Card withBorder padding="sm">
              <Title order={2} size="h5" mb="xs">
                {t('learning.player.lessons')}
              </Title>
              {data.lessons.map((l, index) => (
                <NavLink
                  key={l.id}
                  active={l.id === lessonId}
                  label={`${index + 1}. ${l.title}`}
                  description={formatClock(l.durationSeconds)}
                  leftSection={
                    l.completed ? (
                      <IconCircleCheck
                        size={18}
                        color="var(--mantine-color-green-6)"
                        aria-label={t('learning.player.completed')}
                      />
                    ) : (
                      <IconPlayerPlay size={18} />
                    )
                  }
                  onClick={() => choose(l)}
                  data-testid="lesson-item"
                />
              ))}
            </Card>
            {/* Below the lesson list, which it would otherwise push down while it loads (a click meant for a lesson
                would land on another). */}
            {lesson && (
              <Suspense fallback={null}>
                <LessonNotesPanel key={lesson.id} videoId={lesson.id} onSeek={setStartAt} />
              </Suspense>
            )}
            <Suspense fallback={null}>
              <CourseQuizzes courseId={courseId} />
            </Suspense>
            <Suspense fallback={null}>
              <CourseCertificateCard
                courseId={courseId}
                completedLessons={data.lessons.filter((l) => l.completed).length}
              />
            </Suspense>
            <Card withBorder padding="sm">
              <Title order={2} size="h5" mb="xs">
                {t('learning.player.material')}
              </Title>
              {data.materials.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('learning.player.noMaterial')}
                </Text>
              ) : (
                <Stack gap={4}>
                  {data.materials.map((m) => (
                    <Anchor key={m.id} href={m.url} target="_blank" rel="noreferrer" size="sm">
                      <Group gap={4} wrap="nowrap">
                        <IconFileText size={16} />
                        {m.title}
                      </Group>
                    </Anchor>
                  ))}
                </Stack>
              )}
            </Card>
            <Card withBorder padding="sm">
              <Title order={2} size="h5" mb="xs">
                {t('learning.player.faq')}
              </Title>
              {data.faqs.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('learning.player.noFaq')}
                </Text>
              ) : (
                <Accordion variant="contained">
                  {data.faqs.map((faq) => (
                    <Accordion.Item key={faq.id} value={faq.id}>
                      <Accordion.Control>{faq.question}</Accordion.Control>
                      <Accordion.Panel>{faq.answer}</Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              )}
            </Card>
            {percent === 100 && <Badge color="green">{t('learning.player.courseCompleted')}</Badge>}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
