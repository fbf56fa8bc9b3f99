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
import { isManual, QUESTION_TYPE_LABELS } from '../../../../common/quizzes';
import { formatDateTime } from '../../../../common/time';
import { commitValidation } from '../../../app/forms';
import { toast } from '../../../app/toast';
import { answerText, correctText, VerdictBadge } from '../taking/attempt-result';
import { formatMarks } from '../taking/format';
import { fileAnswerUrl, useMarkingView, useSaveMarks } from './api';

type MarkingQuestion = MarkingView['questions'][number];
type MarkValues = Record<string, { score: number | string; feedback: string }>;

/** §5 number checks for a score: 0 up to the question's marks. */
const scoreField = (marks: number) =>
  numberField({ max: marks, maxMessage: `The score must be at most ${formatMarks(marks)}`, allowZero: true });

function FileLink({ attemptId, question }: { attemptId: string; question: MarkingQuestion }) {
  if (!question.response?.fileName) return <Text size="sm">No file was uploaded.</Text>;
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
        <IconDownload size={16} /> Download {question.response.fileName}
      </Group>
    </Anchor>
  );
}

function MarkForm({ view }: { view: MarkingView }) {
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
              ? `Marks saved: ${formatMarks(saved.score ?? 0)} / ${formatMarks(saved.maxScore)}`
              : 'Marks saved',
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
                  <Badge variant="light">{QUESTION_TYPE_LABELS[q.type]}</Badge>
                  {!isManual(q.type) && <VerdictBadge question={q} />}
                  <Badge variant="outline">
                    {q.score === null ? '–' : formatMarks(q.score)} / {formatMarks(q.marks)}
                  </Badge>
                </Group>
              </Group>
              {q.type === 'file' ? (
                <FileLink attemptId={view.attemptId} question={q} />
              ) : (
                <Text size="sm">
                  <b>Answer:</b> <span style={{ whiteSpace: 'pre-wrap' }}>{answerText(q)}</span>
                </Text>
              )}
              {correctText(q) !== null && q.correct !== true && (
                <Text size="sm" c="dimmed">
                  Correct answer: {correctText(q)}
                </Text>
              )}
              {isManual(q.type) && (
                <Group align="flex-start" wrap="wrap">
                  <NumberInput
                    label={`Score for question ${index + 1} (0–${formatMarks(q.marks)})`}
                    w={220}
                    min={0}
                    max={q.marks}
                    // Out-of-range scores get the §5 message instead of being silently clamped.
                    clampBehavior="none"
                    decimalScale={2}
                    {...form.getInputProps(`${q.id}.score`)}
                  />
                  <Textarea
                    label={`Feedback for question ${index + 1}`}
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
            Save marks
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One attempt to mark: every answer, scores for the automatic ones, inputs for long and file answers. */
export function MarkAttempt({ attemptId }: { attemptId: string }) {
  const view = useMarkingView(attemptId);
  if (view.isPending) return <Skeleton h={320} aria-label="Loading attempt" />;
  if (view.isError) return <Alert color="red">{view.error.message}</Alert>;
  const data = view.data;
  return (
    <Stack>
      <Anchor component={Link} to="/mark-submission" size="sm">
        ← All submissions
      </Anchor>
      <Card withBorder padding="lg">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h3">
              {data.quizTitle} — attempt {data.number}
            </Title>
            <Text size="sm" c="dimmed">
              {data.studentName} ({data.studentEmail}) · {data.courseTitle} · submitted{' '}
              {formatDateTime(data.submittedAt)}
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
                ? `Waiting for marking (${data.waiting})`
                : data.passed
                  ? 'Marked — passed'
                  : 'Marked — failed'}
            </Badge>
          </Group>
        </Group>
      </Card>
      <MarkForm key={data.attemptId} view={data} />
    </Stack>
  );
}
