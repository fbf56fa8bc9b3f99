import { Alert, Anchor, Button, Container, Group, Skeleton, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useAttempt } from './api';
import { AttemptInProgress } from './attempt-in-progress';
import { AttemptResult } from './attempt-result';
import { useQuizMarked } from './use-quiz-marked';

/** /quiz-round?attemptId=…: the open attempt (a reload resumes it), or its result once submitted. */
export default function QuizRoundPage() {
  const [params] = useSearchParams();
  const attemptId = params.get('attemptId');
  const attempt = useAttempt(attemptId);
  useQuizMarked(attemptId ?? '', attempt.data?.status === 'submitted');

  if (!attemptId)
    return (
      <Alert color="yellow">
        No quiz attempt chosen.{' '}
        <Anchor component={Link} to="/subscribed-courses">
          Back to my courses
        </Anchor>
      </Alert>
    );
  if (attempt.isPending) return <Skeleton h={400} aria-label="Loading quiz" />;
  if (attempt.isError)
    return (
      <Stack>
        <Alert color="red">{attempt.error.message}</Alert>
        <Button component={Link} to="/subscribed-courses" variant="light" w="fit-content">
          Back to my courses
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
              Back to the quiz
            </Button>
            <Button component={Link} to={`/subscribed-courses?courseId=${data.courseId}`} variant="light">
              Back to the course
            </Button>
          </Group>
        </Stack>
      )}
    </Container>
  );
}
