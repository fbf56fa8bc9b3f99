import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AuthorQuestion } from '../../../../common/contracts/quizzes';
import { QUIZ_LIMITS } from '../../../../common/quizzes';
import { toast } from '../../../app/toast';
import { confirmDestructive } from '../../../components/confirm-destructive';
import { useT } from '../i18n';
import { QuestionImages } from '../question-images';
import { useQuestionMutations } from './api';
import { marksText } from './format';

const fail = (error: Error) => toast('danger', error.message);

function QuestionCard(props: {
  question: AuthorQuestion;
  index: number;
  count: number;
  courseId: string;
  onEdit: () => void;
}) {
  const { question, index, count, courseId, onEdit } = props;
  const t = useT();
  const number = index + 1;
  const { update, duplicate, remove } = useQuestionMutations(courseId, question.quizId);
  const move = (position: number) => update.mutate({ id: question.id, position }, { onError: fail });
  const confirmDelete = () =>
    confirmDestructive({
      title: t('quizzes.list.deleteTitle', { number }),
      message: t('quizzes.list.deleteMessage', { prompt: question.prompt }),
      confirmLabel: t('quizzes.list.deleteConfirm'),
      onConfirm: () =>
        remove.mutate(question.id, {
          onSuccess: () => toast('success', t('quizzes.list.deleted')),
          onError: fail,
        }),
    });
  // Each button's accessible label names its question ("Move up question 2").
  const action = (
    label: string,
    ariaLabel: string,
    onClick: () => void,
    icon: ReactNode,
    options: { disabled?: boolean } = {},
  ) => (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" onClick={onClick} disabled={options.disabled} aria-label={ariaLabel}>
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
              {t(`quizzes.types.${question.type}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {marksText(question.marks)}
              {question.negativeMarks > 0 &&
                ` · ${t('quizzes.common.ifWrong', { marks: String(question.negativeMarks) })}`}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={3}>
            {question.prompt}
          </Text>
          <QuestionImages images={question.images} thumbnails />
          {question.tags.length > 0 && (
            <Group gap={4} aria-label={t('quizzes.list.tags')} data-testid="question-tags">
              {question.tags.map((tag) => (
                <Badge key={tag} size="xs" variant="outline" color="gray" tt="none">
                  {tag}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
        <Group gap={2} wrap="wrap" justify="flex-end" maw={{ base: 72, sm: 'none' }}>
          {action(
            t('quizzes.list.moveUp'),
            t('quizzes.list.moveUpLabel', { number }),
            () => move(index - 1),
            <IconArrowUp size={18} />,
            { disabled: index === 0 },
          )}
          {action(
            t('quizzes.list.moveDown'),
            t('quizzes.list.moveDownLabel', { number }),
            () => move(index + 1),
            <IconArrowDown size={18} />,
            {
              disabled: index === count - 1,
            },
          )}
          {action(
            t('quizzes.list.duplicate'),
            t('quizzes.list.duplicateLabel', { number }),
            () =>
              duplicate.mutate(question.id, {
                onSuccess: () => toast('success', t('quizzes.list.duplicated')),
                onError: fail,
              }),
            <IconCopy size={18} />,
            { disabled: count >= QUIZ_LIMITS.questionsPerQuiz },
          )}
          {action(
            t('quizzes.common.edit'),
            t('quizzes.list.editLabel', { number }),
            onEdit,
            <IconPencil size={18} />,
          )}
          <Tooltip label={t('quizzes.common.delete')} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={confirmDelete}
              aria-label={t('quizzes.list.deleteLabel', { number })}
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
  const t = useT();
  if (questions.length === 0) {
    return (
      <Card withBorder padding="lg" data-testid="questions-empty">
        <Stack align="center" gap="xs">
          <Text c="dimmed" ta="center">
            {t('quizzes.list.empty')}
          </Text>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd}>
            {t('quizzes.list.addFirst')}
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
