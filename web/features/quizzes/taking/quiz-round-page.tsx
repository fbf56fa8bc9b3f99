import { Alert, Anchor, Button, Container, Group, Skeleton, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../i18n';
import { useAttempt } from './api';
import { AttemptInProgress } from './attempt-in-progress';
import { AttemptResult } from './attempt-result';
import { useQuizMarked } from './use-quiz-marked';

/** /quiz-round?attemptId=…: the open attempt (a reload resumes it), or its result once submitted. */
export default function QuizRoundPage() {
  const t = useT();
  const [params] = useSearchParams();
  const attemptId = params.get('attemptId');
  const attempt = useAttempt(attemptId);
  useQuizMarked(attemptId ?? '', attempt.data?.status === 'submitted');

  if (!attemptId)
    return (
      <Alert color="yellow">
        {t('quizzes.round.noAttempt')}{' '}
        <Anchor component={Link} to="/subscribed-courses">
          {t('quizzes.common.backToMyCourses')}
        </Anchor>
      </Alert>
    );
  if (attempt.isPending) return <Skeleton h={400} aria-label={t('quizzes.common.loadingQuiz')} />;
  if (attempt.isError)
    return (
      <Stack>
        <Alert color="red">{attempt.error.message}</Alert>
        <Button component={Link} to="/subscribed-courses" variant="light" w="fit-content">
          {t('quizzes.common.backToMyCourses')}
        </Button>
      </Stack>
    );
  const data = attempt.data;
  return (
    <Container size="md" px={0}>
      {data.status === 'in_progress' ? (
        <AttemptInProgress key={data.id} attempt={data} />
      ) : (
        <Stack>
          <AttemptResult attempt={data} />
          <Group>
            <Button component={Link} to={`/preview-quiz?quizId=${data.quizId}&courseId=${data.courseId}`}>
              {t('quizzes.round.backToQuiz')}
            </Button>
            <Button component={Link} to={`/subscribed-courses?courseId=${data.courseId}`} variant="light">
              {t('quizzes.common.backToCourse')}
            </Button>
          </Group>
        </Stack>
      )}
    </Container>
  );
}
