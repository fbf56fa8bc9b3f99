import { Alert, Anchor, Badge, Card, Group, Paper, RingProgress, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AttemptView, ResultQuestion } from '../../../../common/contracts/quizzes';
import { isAnswered, isManual } from '../../../../common/quizzes';
import { formatClock } from '../../../../common/time';
import { t as translate, useT } from '../i18n';
import { QuestionImages } from '../question-images';
import { formatMarks, optionTexts } from './format';

/** What the student gave, in words (in the language of the component that calls it). */
export function answerText(question: ResultQuestion): string {
  const response = question.response;
  if (!isAnswered(question, response)) return translate('quizzes.common.notAnswered');
  if (question.type === 'file') return response?.fileName ?? '';
  if (question.type === 'short' || question.type === 'long') return response?.text ?? '';
  return optionTexts(question, response?.optionIds).join(', ');
}

/** The right answer, in words (nothing for answers a teacher marks). */
export function correctText(question: ResultQuestion): string | null {
  if (isManual(question.type)) return null;
  if (question.type === 'short') return question.acceptedAnswers.join(' / ');
  return optionTexts(question, question.correctOptionIds).join(', ');
}

/** Right, wrong, marked by hand, not answered, or still waiting for the teacher. */
export function VerdictBadge({ question }: { question: ResultQuestion }) {
  const t = useT();
  if (question.score === null) return <Badge color="yellow">{t('quizzes.common.waitingForMarking')}</Badge>;
  if (!isAnswered(question, question.response))
    return <Badge color="gray">{t('quizzes.common.notAnswered')}</Badge>;
  // Hand-marked answers earn a score, not a verdict: 3 of 4 is not "wrong".
  if (isManual(question.type)) return <Badge color="blue">{t('quizzes.common.marked')}</Badge>;
  if (question.correct === true) return <Badge color="green">{t('quizzes.result.right')}</Badge>;
  if (question.correct === false) return <Badge color="red">{t('quizzes.result.wrong')}</Badge>;
  return <Badge color="blue">{t('quizzes.common.marked')}</Badge>;
}

/** The player link for a lesson moment: the course player reads videoId and t (seconds) from the URL. */
export const lessonMomentPath = (courseId: string, videoId: string, seconds: number) =>
  `/subscribed-courses?courseId=${courseId}&videoId=${videoId}&t=${Math.floor(seconds)}`;

function ResultItem({
  question,
  number,
  courseId,
}: {
  question: ResultQuestion;
  number: number;
  courseId: string;
}) {
  const t = useT();
  const correct = correctText(question);
  return (
    <Paper withBorder p="md" radius="md" data-testid="result-question" component="section">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text fw={600} style={{ whiteSpace: 'pre-wrap' }}>
            {number}. {question.prompt}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <VerdictBadge question={question} />
            <Badge variant="outline" data-testid="question-score">
              {question.score === null ? '–' : formatMarks(question.score)} / {formatMarks(question.marks)}
            </Badge>
          </Group>
        </Group>
        <QuestionImages images={question.images} />
        <Text size="xs" c="dimmed">
          {t(`quizzes.types.${question.type}`)}
        </Text>
        <Text size="sm">
          <b>{t('quizzes.result.yourAnswer')}</b>{' '}
          <span style={{ whiteSpace: 'pre-wrap' }}>{answerText(question)}</span>
        </Text>
        {correct !== null && question.correct !== true && (
          <Text size="sm">
            <b>{t('quizzes.common.correctAnswer')}</b> {correct}
          </Text>
        )}
        {question.feedback && (
          <Text size="sm">
            <b>{t('quizzes.result.feedback')}</b>{' '}
            <span style={{ whiteSpace: 'pre-wrap' }}>{question.feedback}</span>
          </Text>
        )}
        {question.explanation && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {question.explanation}
          </Text>
        )}
        {question.video && question.correct === false && (
          <Anchor
            component={Link}
            to={lessonMomentPath(courseId, question.video.videoId, question.video.seconds)}
            size="sm"
          >
            <Group gap={4} wrap="nowrap">
              <IconPlayerPlay size={16} />
              {t('quizzes.result.watch', {
                time: formatClock(question.video.seconds),
                title: question.video.title,
              })}
            </Group>
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/** An attempt's result: the score, passed or failed (or waiting for marking), then every question explained. */
export function AttemptResult({ attempt }: { attempt: AttemptView }) {
  const t = useT();
  const waiting = attempt.status === 'submitted';
  const percent = attempt.percent ?? 0;
  return (
    <Stack>
      <Card withBorder padding="lg" data-testid="attempt-result">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h3">
              {t('quizzes.common.attemptTitle', { quiz: attempt.quizTitle, number: attempt.number })}
            </Title>
            <Text size="xl" fw={700} data-testid="result-score">
              {formatMarks(attempt.score ?? 0)} / {formatMarks(attempt.maxScore)}
            </Text>
            <Text size="sm" c="dimmed">
              {waiting
                ? t('quizzes.result.soFar', { pass: attempt.passPercent })
                : t('quizzes.result.percent', { percent: formatMarks(percent), pass: attempt.passPercent })}
            </Text>
          </div>
          <Group>
            {!waiting && (
              <RingProgress
                size={96}
                thickness={10}
                roundCaps
                sections={[{ value: percent, color: attempt.passed ? 'green' : 'red' }]}
                label={
                  <Text ta="center" size="sm" fw={700}>
                    {formatMarks(percent)}%
                  </Text>
                }
              />
            )}
            {waiting ? (
              <Badge size="lg" color="yellow" data-testid="result-status">
                {t('quizzes.common.waitingForMarking')}
              </Badge>
            ) : (
              <Badge size="lg" color={attempt.passed ? 'green' : 'red'} data-testid="result-status">
                {attempt.passed ? t('quizzes.common.passed') : t('quizzes.common.failed')}
              </Badge>
            )}
          </Group>
        </Group>
      </Card>
      {waiting && (
        <Alert color="yellow" title={t('quizzes.common.waitingForMarking')}>
          {t('quizzes.result.waitingText')}
        </Alert>
      )}
      {(attempt.result ?? []).map((question, index) => (
        <ResultItem key={question.id} question={question} number={index + 1} courseId={attempt.courseId} />
      ))}
    </Stack>
  );
}
