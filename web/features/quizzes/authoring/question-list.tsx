import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AuthorQuestion } from '../../../../common/contracts/quizzes';
import { QUESTION_TYPE_LABELS, QUIZ_LIMITS } from '../../../../common/quizzes';
import { toast } from '../../../app/toast';
import { confirmDestructive } from '../../../components/confirm-destructive';
import { useQuestionMutations } from './api';
import { marksText } from './format';

const fail = (error: Error) => toast('danger', error.message);

/** A short name for a question in buttons' accessible labels ("Move up Question 2"). */
const nameOf = (index: number) => `question ${index + 1}`;

function QuestionCard(props: {
  question: AuthorQuestion;
  index: number;
  count: number;
  courseId: string;
  onEdit: () => void;
}) {
  const { question, index, count, courseId, onEdit } = props;
  const { update, duplicate, remove } = useQuestionMutations(courseId, question.quizId);
  const move = (position: number) => update.mutate({ id: question.id, position }, { onError: fail });
  const confirmDelete = () =>
    confirmDestructive({
      title: `Delete ${nameOf(index)}?`,
      message: `“${question.prompt}” will be removed from the quiz.`,
      confirmLabel: 'Delete question',
      onConfirm: () =>
        remove.mutate(question.id, {
          onSuccess: () => toast('success', 'Question deleted'),
          onError: fail,
        }),
    });
  const action = (
    label: string,
    onClick: () => void,
    icon: ReactNode,
    options: { disabled?: boolean } = {},
  ) => (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        onClick={onClick}
        disabled={options.disabled}
        aria-label={`${label} ${nameOf(index)}`}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const busy = update.isPending || duplicate.isPending || remove.isPending;
  return (
    <Card withBorder padding="sm" data-testid="question-card" aria-busy={busy}>
      <Group wrap="nowrap" align="flex-start">
        <Text fw={700} c="dimmed" w={28} aria-hidden>
          {index + 1}.
        </Text>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Badge variant="light" data-testid="question-type">
              {QUESTION_TYPE_LABELS[question.type]}
            </Badge>
            <Text size="xs" c="dimmed">
              {marksText(question.marks)}
              {question.negativeMarks > 0 && ` · −${question.negativeMarks} if wrong`}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={3}>
            {question.prompt}
          </Text>
        </Stack>
        <Group gap={2} wrap="wrap" justify="flex-end" maw={{ base: 72, sm: 'none' }}>
          {action('Move up', () => move(index - 1), <IconArrowUp size={18} />, { disabled: index === 0 })}
          {action('Move down', () => move(index + 1), <IconArrowDown size={18} />, {
            disabled: index === count - 1,
          })}
          {action(
            'Duplicate',
            () =>
              duplicate.mutate(question.id, {
                onSuccess: () => toast('success', 'Question duplicated'),
                onError: fail,
              }),
            <IconCopy size={18} />,
            { disabled: count >= QUIZ_LIMITS.questionsPerQuiz },
          )}
          {action('Edit', onEdit, <IconPencil size={18} />)}
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={confirmDelete}
              aria-label={`Delete ${nameOf(index)}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Card>
  );
}

/** The quiz's questions in order, each with its actions; the empty list says how to begin. */
export function QuestionList({
  questions,
  courseId,
  onAdd,
  onEdit,
}: {
  questions: AuthorQuestion[];
  courseId: string;
  onAdd: () => void;
  onEdit: (question: AuthorQuestion) => void;
}) {
  if (questions.length === 0) {
    return (
      <Card withBorder padding="lg" data-testid="questions-empty">
        <Stack align="center" gap="xs">
          <Text c="dimmed" ta="center">
            No questions yet. Add them one by one, or import many at once from a CSV file.
          </Text>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd}>
            Add the first question
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="xs">
      {questions.map((question, index) => (
        <QuestionCard
          key={question.id}
          question={question}
          index={index}
          count={questions.length}
          courseId={courseId}
          onEdit={() => onEdit(question)}
        />
      ))}
    </Stack>
  );
}
