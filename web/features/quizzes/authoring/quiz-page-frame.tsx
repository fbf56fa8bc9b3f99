import { Alert, Anchor, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuthoredCourse } from '../../../../common/contracts/courses';
import type { QuizDetail } from '../../../../common/contracts/quizzes';
import { useCourse } from '../../courses';
import { useT } from '../i18n';
import { useQuiz } from './api';
import { wizardQuizStepPath } from './paths';

/**
 * The frame of /add-quiz and /view-quiz: loads the course (?courseId) and, when named, the quiz (?quizId),
 * says so when either is missing or not the caller's, and links back to the course's quiz step.
 */
export function QuizPageFrame({
  heading,
  requireQuiz,
  children,
}: {
  heading: (quiz: QuizDetail | undefined) => string;
  /** /view-quiz needs a quiz; /add-quiz without one creates it. */
  requireQuiz: boolean;
  children: (course: AuthoredCourse, quiz: QuizDetail | undefined) => ReactNode;
}) {
  const t = useT();
  const [params] = useSearchParams();
  const courseId = params.get('courseId');
  const quizId = params.get('quizId');
  const course = useCourse(courseId);
  const quiz = useQuiz(quizId);
  const back = (
    <Anchor component={Link} to={courseId ? wizardQuizStepPath(courseId) : '/course-list?tab=course'}>
      {courseId ? t('quizzes.frame.backToQuizzes') : t('quizzes.common.allCourses')}
    </Anchor>
  );
  const problem = (title: string, text: string, color = 'red') => (
    <Container size="md">
      <Alert color={color} title={title}>
        {text} {back}
      </Alert>
    </Container>
  );
  if (!courseId) return problem(t('quizzes.frame.noCourse'), t('quizzes.frame.openFromCourse'), 'yellow');
  if (requireQuiz && !quizId)
    return problem(t('quizzes.frame.noQuiz'), t('quizzes.frame.openFromQuiz'), 'yellow');
  if (course.isPending || (quizId && quiz.isPending))
    return <Loader aria-label={t('quizzes.common.loadingQuiz')} m="xl" />;
  if (course.isError) return problem(t('quizzes.frame.courseUnavailable'), course.error.message);
  if (quizId && quiz.isError) return problem(t('quizzes.frame.quizUnavailable'), quiz.error.message);
  if (quiz.data && quiz.data.courseId !== course.data.id) {
    return problem(t('quizzes.frame.quizUnavailable'), t('quizzes.frame.otherCourse'));
  }
  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={1} size="h2">
              {heading(quiz.data)}
            </Title>
            <Text c="dimmed" size="sm">
              {course.data.title}
            </Text>
          </Stack>
          {back}
        </Group>
        {children(course.data, quiz.data)}
      </Stack>
    </Container>
  );
}
