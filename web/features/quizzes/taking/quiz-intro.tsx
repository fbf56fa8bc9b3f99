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
import { formatDateTime } from '../../../../common/time';
import { toast } from '../../../app/toast';
import { useLocale, useT } from '../i18n';
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
  const t = useT();
  const locale = useLocale();
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
            <Fact label={t('quizzes.common.questions')} value={String(quiz.questionCount)} />
            <Fact label={t('quizzes.common.totalMarks')} value={formatMarks(quiz.totalMarks)} />
            <Fact label={t('quizzes.common.timeLimit')} value={formatTimeLimit(quiz.timeLimitMinutes)} />
            <Fact
              label={t('quizzes.intro.attemptsUsed')}
              value={formatAttempts(quiz.attemptsUsed, quiz.attemptsAllowed)}
            />
            <Fact label={t('quizzes.common.passMark')} value={`${quiz.passPercent}%`} />
            <Fact
              label={t('quizzes.intro.bestScore')}
              value={quiz.bestPercent === null ? '—' : `${formatMarks(quiz.bestPercent)}%`}
            />
          </SimpleGrid>
          {quiz.timeLimitMinutes > 0 && !quiz.openAttemptId && (
            <Text size="sm" c="dimmed">
              {t('quizzes.intro.timer')}
            </Text>
          )}
          {canStart(quiz) ? (
            <Group>
              <Button size="md" onClick={begin} loading={start.isPending}>
                {quiz.openAttemptId ? t('quizzes.intro.resume') : t('quizzes.intro.start')}
              </Button>
            </Group>
          ) : (
            <Alert color="gray">{t('quizzes.intro.usedAll')}</Alert>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('quizzes.intro.yourAttempts')}
        </Title>
        {quiz.attempts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('quizzes.intro.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{t('quizzes.intro.started')}</Table.Th>
                  <Table.Th>{t('quizzes.intro.status')}</Table.Th>
                  <Table.Th>{t('quizzes.intro.score')}</Table.Th>
                  {/* Every column has a header, the buttons' too (axe: td-has-header). */}
                  <Table.Th>
                    <VisuallyHidden>{t('quizzes.intro.open')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {quiz.attempts.map((attempt) => (
                  <Table.Tr key={attempt.id} data-testid="attempt-row">
                    <Table.Td>{attempt.number}</Table.Td>
                    <Table.Td>{formatDateTime(attempt.startedAt, { locale })}</Table.Td>
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
                            ? t('quizzes.common.passed')
                            : t('quizzes.common.failed')
                          : t(`quizzes.status.${attempt.status}`)}
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
                        {attempt.status === 'in_progress'
                          ? t('quizzes.common.resume')
                          : t('quizzes.common.viewResult')}
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
