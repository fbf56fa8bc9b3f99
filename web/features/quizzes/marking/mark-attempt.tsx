import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { numberField } from '../../../../common/contracts/numbers';
import type { MarkingView } from '../../../../common/contracts/quizzes';
import { isManual } from '../../../../common/quizzes';
import { formatDateTime } from '../../../../common/time';
import { commitValidation } from '../../../app/forms';
import { toast } from '../../../app/toast';
import { t as translate, useLocale, useT } from '../i18n';
import { QuestionImages } from '../question-images';
import { answerText, correctText, VerdictBadge } from '../taking/attempt-result';
import { formatMarks } from '../taking/format';
import { fileAnswerUrl, useMarkingView, useSaveMarks } from './api';

type MarkingQuestion = MarkingView['questions'][number];
type MarkValues = Record<string, { score: number | string; feedback: string }>;

/** §5 number checks for a score: 0 up to the question's marks. */
const scoreField = (marks: number) =>
  numberField({
    max: marks,
    maxMessage: translate('quizzes.mark.scoreMax', { max: formatMarks(marks) }),
    allowZero: true,
  });

function FileLink({ attemptId, question }: { attemptId: string; question: MarkingQuestion }) {
  const t = useT();
  if (!question.response?.fileName) return <Text size="sm">{t('quizzes.mark.noFile')}</Text>;
  // The view's signed URL may have expired while the page stayed open: ask for a fresh one on click.
  const open = async () => {
    try {
      const { url } = await fileAnswerUrl(attemptId, question.id);
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      toast('danger', (error as Error).message);
    }
  };
  return (
    <Anchor
      href={question.fileUrl ?? '#'}
      target="_blank"
      rel="noreferrer"
      onClick={(event) => {
        if (question.fileUrl) return;
        event.preventDefault();
        void open();
      }}
      size="sm"
    >
      <Group gap={4}>
        <IconDownload size={16} /> {t('quizzes.mark.download', { name: question.response.fileName })}
      </Group>
    </Anchor>
  );
}

function MarkForm({ view }: { view: MarkingView }) {
  const t = useT();
  const save = useSaveMarks(view.attemptId);
  const manual = view.questions.filter((q) => isManual(q.type));
  const form = useForm<MarkValues>({
    initialValues: Object.fromEntries(
      manual.map((q) => [q.id, { score: q.score ?? '', feedback: q.feedback ?? '' }]),
    ),
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const q of manual) {
        const parsed = scoreField(q.marks).safeParse(values[q.id]?.score);
        if (!parsed.success) errors[`${q.id}.score`] = parsed.error.issues[0]?.message ?? '';
      }
      return errors;
    },
    ...commitValidation(),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        marks: manual.map((q) => ({
          questionId: q.id,
          score: Number(values[q.id].score),
          feedback: values[q.id].feedback,
        })),
      },
      {
        onSuccess: (saved) =>
          toast(
            'success',
            saved.status === 'marked'
              ? t('quizzes.mark.savedScore', {
                  score: formatMarks(saved.score ?? 0),
                  max: formatMarks(saved.maxScore),
                })
              : t('quizzes.mark.saved'),
          ),
        onError: (error) => toast('danger', error.message),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {view.questions.map((q, index) => (
          <Paper key={q.id} withBorder p="md" radius="md" data-testid="marking-question" component="section">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Text fw={600} style={{ whiteSpace: 'pre-wrap' }}>
                  {index + 1}. {q.prompt}
                </Text>
                <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                  <Badge variant="light">{t(`quizzes.types.${q.type}`)}</Badge>
                  {!isManual(q.type) && <VerdictBadge question={q} />}
                  <Badge variant="outline">
                    {q.score === null ? '–' : formatMarks(q.score)} / {formatMarks(q.marks)}
                  </Badge>
                </Group>
              </Group>
              <QuestionImages images={q.images} />
              {q.type === 'file' ? (
                <FileLink attemptId={view.attemptId} question={q} />
              ) : (
                <Text size="sm">
                  <b>{t('quizzes.mark.answer')}</b>{' '}
                  <span style={{ whiteSpace: 'pre-wrap' }}>{answerText(q)}</span>
                </Text>
              )}
              {correctText(q) !== null && q.correct !== true && (
                <Text size="sm" c="dimmed">
                  {t('quizzes.mark.correctAnswer', { answer: correctText(q) ?? '' })}
                </Text>
              )}
              {isManual(q.type) && (
                <Group align="flex-start" wrap="wrap">
                  <NumberInput
                    label={t('quizzes.mark.scoreFor', { number: index + 1, max: formatMarks(q.marks) })}
                    w={220}
                    min={0}
                    max={q.marks}
                    // Out-of-range scores get the §5 message instead of being silently clamped.
                    clampBehavior="none"
                    decimalScale={2}
                    {...form.getInputProps(`${q.id}.score`)}
                  />
                  <Textarea
                    label={t('quizzes.mark.feedbackFor', { number: index + 1 })}
                    autosize
                    minRows={2}
                    maxLength={5000}
                    style={{ flex: 1, minWidth: 240 }}
                    {...form.getInputProps(`${q.id}.feedback`)}
                  />
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={manual.length === 0}>
            {t('quizzes.mark.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One attempt to mark: every answer, scores for the automatic ones, inputs for long and file answers. */
export function MarkAttempt({ attemptId }: { attemptId: string }) {
  const t = useT();
  const locale = useLocale();
  const view = useMarkingView(attemptId);
  if (view.isPending) return <Skeleton h={320} aria-label={t('quizzes.mark.loading')} />;
  if (view.isError) return <Alert color="red">{view.error.message}</Alert>;
  const data = view.data;
  return (
    <Stack>
      <Anchor component={Link} to="/mark-submission" size="sm">
        {t('quizzes.mark.all')}
      </Anchor>
      <Card withBorder padding="lg">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h3">
              {t('quizzes.common.attemptTitle', { quiz: data.quizTitle, number: data.number })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('quizzes.mark.byline', {
                student: data.studentName,
                email: data.studentEmail,
                course: data.courseTitle,
                date: formatDateTime(data.submittedAt, { locale }),
              })}
            </Text>
          </div>
          <Group>
            <Text fw={700} size="lg" data-testid="marking-score">
              {formatMarks(data.score ?? 0)} / {formatMarks(data.maxScore)}
            </Text>
            <Badge
              size="lg"
              data-testid="marking-status"
              color={data.status === 'submitted' ? 'yellow' : data.passed ? 'green' : 'red'}
            >
              {data.status === 'submitted'
                ? t('quizzes.mark.waiting', { count: data.waiting })
                : data.passed
                  ? t('quizzes.mark.passed')
                  : t('quizzes.mark.failed')}
            </Badge>
          </Group>
        </Group>
      </Card>
      <MarkForm key={data.attemptId} view={data} />
    </Stack>
  );
}
