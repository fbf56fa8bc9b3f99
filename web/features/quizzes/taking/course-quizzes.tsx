import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { LearnerQuiz } from '../../../../common/contracts/quizzes';
import { useT } from '../i18n';
import { useCourseQuizzes } from './api';
import { formatAttempts, formatMarks, formatTimeLimit } from './format';
import { canStart } from './quiz-intro';

/** The last attempt's standing: passed or failed once marked, else its status. */
function lastAttemptState(quiz: LearnerQuiz): 'passed' | 'failed' | 'in_progress' | 'submitted' | null {
  const last = quiz.attempts.at(-1);
  if (!last) return null;
  if (last.status === 'marked') return last.passed ? 'passed' : 'failed';
  return last.status;
}

const STATE_KEYS = {
  passed: 'quizzes.common.passed',
  failed: 'quizzes.common.failed',
  in_progress: 'quizzes.status.in_progress',
  submitted: 'quizzes.status.submitted',
} as const;

function QuizRow({ quiz }: { quiz: LearnerQuiz }) {
  const intro = `/preview-quiz?quizId=${quiz.id}&courseId=${quiz.courseId}`;
  const last = quiz.attempts.at(-1);
  const t = useT();
  const status = lastAttemptState(quiz);
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
            color={status === 'passed' ? 'green' : status === 'failed' ? 'red' : 'yellow'}
          >
            {t(STATE_KEYS[status])}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t(quiz.bestPercent === null ? 'quizzes.course.facts' : 'quizzes.course.factsBest', {
          count: quiz.questionCount,
          timeLimit: formatTimeLimit(quiz.timeLimitMinutes),
          attempts: formatAttempts(quiz.attemptsUsed, quiz.attemptsAllowed),
          best: quiz.bestPercent === null ? '' : formatMarks(quiz.bestPercent),
        })}
      </Text>
      <Group gap="xs">
        {quiz.openAttemptId ? (
          <Button size="xs" component={Link} to={`/quiz-round?attemptId=${quiz.openAttemptId}`}>
            {t('quizzes.common.resume')}
          </Button>
        ) : (
          canStart(quiz) && (
            <Button size="xs" component={Link} to={intro}>
              {quiz.attemptsUsed > 0 ? t('quizzes.course.tryAgain') : t('quizzes.course.start')}
            </Button>
          )
        )}
        {last && last.status !== 'in_progress' && (
          <Button size="xs" variant="light" component={Link} to={`/quiz-round?attemptId=${last.id}`}>
            {t('quizzes.common.viewResult')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The course's quizzes in the course player, each with Start, Resume or View result. */
export function CourseQuizzes({ courseId }: { courseId: string }) {
  const t = useT();
  const quizzes = useCourseQuizzes(courseId);
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h5" mb="xs">
        {t('quizzes.course.title')}
      </Title>
      {quizzes.isPending ? (
        <Skeleton h={60} />
      ) : quizzes.isError ? (
        <Text size="sm" c="red">
          {quizzes.error.message}
        </Text>
      ) : quizzes.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('quizzes.course.empty')}
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
