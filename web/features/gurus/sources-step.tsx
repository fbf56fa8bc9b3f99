import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GuruDetail, SourceCourseOption } from '../../../common/contracts/gurus';
import { toast } from '../../app/toast';
import { PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useSaveSources, useSourceOptions } from './api';
import { rich, useT } from './i18n';

const minutes = (seconds: number | null, t: ReturnType<typeof useT>) =>
  seconds ? t('gurus.sources.minutes', { minutes: Math.max(1, Math.round(seconds / 60)) }) : null;

function CourseChoice({
  course,
  courseChecked,
  videoIds,
  onCourse,
  onVideo,
}: {
  course: SourceCourseOption;
  courseChecked: boolean;
  videoIds: Set<string>;
  onCourse: (checked: boolean) => void;
  onVideo: (videoId: string, checked: boolean) => void;
}) {
  const t = useT();
  return (
    <Paper withBorder p="md" data-testid="source-course">
      <Stack gap="xs">
        <Checkbox
          label={<Text fw={600}>{course.title}</Text>}
          checked={courseChecked}
          onChange={(event) => onCourse(event.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed" pl={32}>
          {t('gurus.sources.counts', {
            videos: course.videos.length,
            materials: course.materialCount,
            faqs: course.faqCount,
          })}
        </Text>
        {courseChecked && course.videos.length > 0 && (
          <Stack
            gap={6}
            pl={32}
            role="group"
            aria-label={t('gurus.sources.videosOf', { title: course.title })}
          >
            {course.videos.map((video) => (
              // Wraps on a phone: the captions badge and the length go under a long title, never squeeze it.
              <Group key={video.id} gap="xs">
                <Checkbox
                  label={video.title}
                  checked={videoIds.has(video.id)}
                  onChange={(event) => onVideo(video.id, event.currentTarget.checked)}
                />
                {video.hasCaptions ? (
                  <Badge size="xs" color="green" variant="light">
                    {t('gurus.sources.captions')}
                  </Badge>
                ) : (
                  <Badge size="xs" color="gray" variant="light">
                    {t('gurus.sources.noCaptions')}
                  </Badge>
                )}
                {minutes(video.durationSeconds, t) && (
                  <Text size="xs" c="dimmed">
                    {minutes(video.durationSeconds, t)}
                  </Text>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Step "course-videos": the courses the guru learns from and which videos' captions it reads. */
export function SourcesStep({ guru }: { guru: GuruDetail }) {
  const options = useSourceOptions();
  const t = useT();
  const save = useSaveSources(guru.id);
  const courseLock = usePlanLock('courses', 'create');
  const [courseIds, setCourseIds] = useState(() => new Set(guru.courseIds));
  const [videoIds, setVideoIds] = useState(() => new Set(guru.videoIds));

  if (options.isPending) return <Loader aria-label={t('gurus.sources.loading')} />;
  if (options.isError) return <Alert color="red">{options.error.message}</Alert>;
  const courses = options.data.courses;
  if (courses.length === 0) {
    return (
      <Alert color="blue" title={t('gurus.sources.noCourses')} data-testid="no-source-courses">
        {courseLock.locked ? (
          <Stack gap="xs">
            {t('gurus.sources.learnsFromCourses')}
            <PlanLockNote lock={courseLock} />
          </Stack>
        ) : (
          rich('gurus.sources.createFirst', {
            link: (chunks) => (
              <Anchor component={Link} to="/add-course-list">
                {chunks}
              </Anchor>
            ),
          })
        )}
      </Alert>
    );
  }
  const toggleCourse = (course: SourceCourseOption, checked: boolean) => {
    const nextCourses = new Set(courseIds);
    const nextVideos = new Set(videoIds);
    for (const video of course.videos) {
      // Choosing a course picks its captioned videos; leaving it drops all of its videos.
      if (checked && video.hasCaptions) nextVideos.add(video.id);
      if (!checked) nextVideos.delete(video.id);
    }
    if (checked) nextCourses.add(course.id);
    else nextCourses.delete(course.id);
    setCourseIds(nextCourses);
    setVideoIds(nextVideos);
  };
  const toggleVideo = (videoId: string, checked: boolean) => {
    const next = new Set(videoIds);
    if (checked) next.add(videoId);
    else next.delete(videoId);
    setVideoIds(next);
  };
  const submit = () =>
    save.mutate(
      { courseIds: [...courseIds], videoIds: [...videoIds] },
      {
        onSuccess: () => toast('success', t('gurus.sources.saved')),
        onError: (error) => toast('danger', error.message),
      },
    );
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('gurus.sources.explain')}
      </Text>
      {courses.map((course) => (
        <CourseChoice
          key={course.id}
          course={course}
          courseChecked={courseIds.has(course.id)}
          videoIds={videoIds}
          onCourse={(checked) => toggleCourse(course, checked)}
          onVideo={toggleVideo}
        />
      ))}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          {t('gurus.sources.save')}
        </Button>
      </Group>
    </Stack>
  );
}
