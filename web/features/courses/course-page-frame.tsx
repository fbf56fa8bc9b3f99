import { Alert, Anchor, Container, Group, Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import { useCourse } from './api';
import { useT } from './i18n';

/**
 * The frame of the single-purpose course pages (/add-faq, /view-faq, /add-study-material): loads the course
 * named by ?courseId, says so when it is missing or not the caller's, and links back to the course.
 */
export function CoursePageFrame({
  title,
  children,
}: {
  title: string;
  children: (course: AuthoredCourse) => ReactNode;
}) {
  const [params] = useSearchParams();
  const courseId = params.get('courseId');
  const course = useCourse(courseId);
  const t = useT();
  const back = (
    <Anchor component={Link} to={courseId ? `/view-course?courseId=${courseId}` : '/course-list?tab=course'}>
      {t(courseId ? 'courses.frame.back' : 'courses.frame.all')}
    </Anchor>
  );
  if (!courseId) {
    return (
      <Container size="md">
        <Alert color="yellow" title={t('courses.frame.noneTitle')}>
          {t('courses.frame.openFromCourse')} {back}
        </Alert>
      </Container>
    );
  }
  if (course.isPending) return <Loader aria-label={t('courses.frame.loading')} m="xl" />;
  if (course.isError) {
    return (
      <Container size="md">
        <Alert color="red" title={t('courses.frame.unavailable')}>
          {course.error.message} {back}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('courses.frame.heading', { page: title, course: course.data.title })}
          </Title>
          {back}
        </Group>
        {children(course.data)}
      </Stack>
    </Container>
  );
}
