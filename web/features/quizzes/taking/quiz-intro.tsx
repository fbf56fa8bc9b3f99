import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import type { LearnerQuiz } from '../../../../common/contracts/quizzes';
import { ATTEMPT_STATUS_LABELS } from '../../../../common/quizzes';
import { formatDateTime } from '../../../../common/time';
import { toast } from '../../../app/toast';
import { useStartAttempt } from './api';
import { formatAttempts, formatMarks, formatTimeLimit } from './format';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** Whether the learner may begin (or go on with) an attempt. */
export const canStart = (quiz: LearnerQuiz) =>
  Boolean(quiz.openAttemptId) || quiz.attemptsAllowed === 0 || quiz.attemptsUsed < quiz.attemptsAllowed;

/** A quiz's introduction for a learner: what to expect, past attempts, and Start or Resume. */
export function QuizIntro({ quiz }: { quiz: LearnerQuiz }) {
  const start = useStartAttempt();
  const navigate = useNavigate();
  const begin = () =>
    start.mutate(quiz.id, {
      onSuccess: (attempt) => navigate(`/quiz-round?attemptId=${attempt.id}`),
      onError: (error) => toast('danger', error.message),
    });
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          {quiz.title}
        </Title>
        <Text size="sm" c="dimmed">
          {quiz.courseTitle}
        </Text>
      </div>
      <Card withBorder padding="lg">
        <Stack>
          {quiz.instructions && <Text style={{ whiteSpace: 'pre-wrap' }}>{quiz.instructions}</Text>}
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            <Fact label="Questions" value={String(quiz.questionCount)} />
            <Fact label="Total marks" value={formatMarks(quiz.totalMarks)} />
            <Fact label="Time limit" value={formatTimeLimit(quiz.timeLimitMinutes)} />
            <Fact label="Attempts used" value={formatAttempts(quiz.attemptsUsed, quiz.attemptsAllowed)} />
            <Fact label="Pass mark" value={`${quiz.passPercent}%`} />
            <Fact
              label="Best score"
              value={quiz.bestPercent === null ? '—' : `${formatMarks(quiz.bestPercent)}%`}
            />
          </SimpleGrid>
          {quiz.timeLimitMinutes > 0 && !quiz.openAttemptId && (
            <Text size="sm" c="dimmed">
              The timer starts when you press Start and keeps running if you leave the page; when it ends,
              your saved answers are submitted.
            </Text>
          )}
          {canStart(quiz) ? (
            <Group>
              <Button size="md" onClick={begin} loading={start.isPending}>
                {quiz.openAttemptId ? 'Resume quiz' : 'Start quiz'}
              </Button>
            </Group>
          ) : (
            <Alert color="gray">You have used all your attempts at this quiz.</Alert>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Your attempts
        </Title>
        {quiz.attempts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No attempts yet. Press Start when you are ready.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Score</Table.Th>
                  {/* Every column has a header, the buttons' too (axe: td-has-header). */}
                  <Table.Th>
                    <VisuallyHidden>Open</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {quiz.attempts.map((attempt) => (
                  <Table.Tr key={attempt.id} data-testid="attempt-row">
                    <Table.Td>{attempt.number}</Table.Td>
                    <Table.Td>{formatDateTime(attempt.startedAt)}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={
                          attempt.status === 'in_progress'
                            ? 'blue'
                            : attempt.status === 'submitted'
                              ? 'yellow'
                              : attempt.passed
                                ? 'green'
                                : 'red'
                        }
                      >
                        {attempt.status === 'marked'
                          ? attempt.passed
                            ? 'Passed'
                            : 'Failed'
                          : ATTEMPT_STATUS_LABELS[attempt.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {attempt.score === null
                        ? '—'
                        : `${formatMarks(attempt.score)} / ${formatMarks(attempt.maxScore)}`}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => navigate(`/quiz-round?attemptId=${attempt.id}`)}
                      >
                        {attempt.status === 'in_progress' ? 'Resume' : 'View result'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
