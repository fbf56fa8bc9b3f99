import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { LearnerQuiz } from '../../../../common/contracts/quizzes';
import { ATTEMPT_STATUS_LABELS } from '../../../../common/quizzes';
import { countOf } from '../../../../common/words';
import { useCourseQuizzes } from './api';
import { formatAttempts, formatMarks, formatTimeLimit } from './format';
import { canStart } from './quiz-intro';

function lastAttemptLabel(quiz: LearnerQuiz): string | null {
  const last = quiz.attempts.at(-1);
  if (!last) return null;
  if (last.status === 'marked') return last.passed ? 'Passed' : 'Failed';
  return ATTEMPT_STATUS_LABELS[last.status];
}

function QuizRow({ quiz }: { quiz: LearnerQuiz }) {
  const intro = `/preview-quiz?quizId=${quiz.id}&courseId=${quiz.courseId}`;
  const last = quiz.attempts.at(-1);
  const status = lastAttemptLabel(quiz);
  return (
    <Stack gap={4} data-testid="course-quiz" py="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm">
          {quiz.title}
        </Text>
        {status && (
          <Badge
            size="sm"
            variant="light"
            color={status === 'Passed' ? 'green' : status === 'Failed' ? 'red' : 'yellow'}
          >
            {status}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {countOf(quiz.questionCount, 'question')} · {formatTimeLimit(quiz.timeLimitMinutes)} · attempts{' '}
        {formatAttempts(quiz.attemptsUsed, quiz.attemptsAllowed)}
        {quiz.bestPercent !== null && ` · best ${formatMarks(quiz.bestPercent)}%`}
      </Text>
      <Group gap="xs">
        {quiz.openAttemptId ? (
          <Button size="xs" component={Link} to={`/quiz-round?attemptId=${quiz.openAttemptId}`}>
            Resume
          </Button>
        ) : (
          canStart(quiz) && (
            <Button size="xs" component={Link} to={intro}>
              {quiz.attemptsUsed > 0 ? 'Try again' : 'Start'}
            </Button>
          )
        )}
        {last && last.status !== 'in_progress' && (
          <Button size="xs" variant="light" component={Link} to={`/quiz-round?attemptId=${last.id}`}>
            View result
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The course's quizzes in the course player, each with Start, Resume or View result. */
export function CourseQuizzes({ courseId }: { courseId: string }) {
  const quizzes = useCourseQuizzes(courseId);
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h5" mb="xs">
        Quizzes
      </Title>
      {quizzes.isPending ? (
        <Skeleton h={60} />
      ) : quizzes.isError ? (
        <Text size="sm" c="red">
          {quizzes.error.message}
        </Text>
      ) : quizzes.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No quizzes for this course.
        </Text>
      ) : (
        <Stack gap={0}>
          {quizzes.data.map((quiz) => (
            <QuizRow key={quiz.id} quiz={quiz} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
