import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPencil, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { QuizSummary } from '../../../../common/contracts/quizzes';
import { countOf } from '../../../../common/words';
import { toast } from '../../../app/toast';
import { confirmDestructive } from '../../../components/confirm-destructive';
import { LinkButton } from '../../../components/link-button';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../../components/plan-lock';
import type { ItemCommentSlot } from '../../approvals';
import { useCourseQuizzes, useQuizMutations } from './api';
import { attemptsText, timeLimitText } from './format';
import { addQuizPath, previewQuizPath, viewQuizPath } from './paths';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

function QuizRow({ quiz, courseId }: { quiz: QuizSummary; courseId: string }) {
  const { remove } = useQuizMutations(courseId);
  const confirmDelete = () =>
    confirmDestructive({
      title: 'Delete this quiz?',
      message: (
        <Stack gap="xs">
          <Text size="sm">“{quiz.title}” and its questions will be removed from the course.</Text>
          <Text size="sm" c="dimmed">
            {quiz.attemptCount > 0
              ? `Students have attempted it ${countOf(quiz.attemptCount, 'time')}, so it is archived instead: it leaves the course but stays, with its results, for the students who took it.`
              : 'A quiz that students have attempted is archived instead, so it stays for the students who took it.'}
          </Text>
        </Stack>
      ),
      confirmLabel: 'Delete quiz',
      onConfirm: () =>
        remove.mutate(quiz.id, {
          onSuccess: () => toast('success', 'Quiz deleted'),
          onError: (error) => toast('danger', error.message),
        }),
    });
  return (
    <Card withBorder padding="md" data-testid="quiz-row">
      <Stack gap="sm">
        <Text fw={600}>{quiz.title}</Text>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <Fact label="Questions" value={String(quiz.questionCount)} />
          <Fact label="Total marks" value={String(quiz.totalMarks)} />
          <Fact label="Time limit" value={timeLimitText(quiz.timeLimitMinutes)} />
          <Fact label="Attempts" value={attemptsText(quiz.attemptsAllowed)} />
          <Fact label="Pass mark" value={`${quiz.passPercent}%`} />
        </SimpleGrid>
        <Group gap="xs">
          <Button
            component={Link}
            to={addQuizPath(courseId, quiz.id)}
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            aria-label={`Edit ${quiz.title}`}
          >
            Edit
          </Button>
          <Button
            component={Link}
            to={viewQuizPath(courseId, quiz.id)}
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} />}
            aria-label={`View ${quiz.title}`}
          >
            View
          </Button>
          <Button
            component={Link}
            to={previewQuizPath(courseId, quiz.id)}
            size="xs"
            variant="default"
            leftSection={<IconPlayerPlay size={14} />}
            aria-label={`Preview ${quiz.title}`}
          >
            Preview
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={confirmDelete}
            loading={remove.isPending}
            aria-label={`Delete ${quiz.title}`}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The wizard's quiz step: the course's quizzes with their settings; each is built on /add-quiz. */
export function QuizStep({ courseId, commentFor }: { courseId: string; commentFor?: ItemCommentSlot }) {
  const quizzes = useCourseQuizzes(courseId);
  const lock = usePlanLock('quizzes', 'create');
  const list = quizzes.data?.quizzes ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Quiz
        </Title>
        <LinkButton
          to={addQuizPath(courseId)}
          leftSection={<IconPlus size={16} />}
          {...lockedControlProps(lock)}
        >
          Add quiz
        </LinkButton>
      </Group>
      <PlanLockNote lock={lock} />
      {quizzes.isPending && <Loader aria-label="Loading quizzes" />}
      {quizzes.isError && (
        <Text c="red" role="alert">
          {quizzes.error.message}
        </Text>
      )}
      {quizzes.isSuccess && list.length === 0 && (
        <Text c="dimmed" data-testid="quizzes-empty">
          No quizzes yet. Add a quiz so students can check what they learned; questions can be typed in or
          imported from a CSV file.
        </Text>
      )}
      {list.map((quiz) => (
        <Fragment key={quiz.id}>
          <QuizRow quiz={quiz} courseId={courseId} />
          {commentFor?.('quiz', quiz.id)}
        </Fragment>
      ))}
    </Stack>
  );
}
