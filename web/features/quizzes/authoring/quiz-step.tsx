import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPencil, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { QuizSummary } from '../../../../common/contracts/quizzes';
import { toast } from '../../../app/toast';
import { confirmDestructive } from '../../../components/confirm-destructive';
import { LinkButton } from '../../../components/link-button';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../../components/plan-lock';
import type { ItemCommentSlot } from '../../approvals';
import { useT } from '../i18n';
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
  const t = useT();
  const { remove } = useQuizMutations(courseId);
  const confirmDelete = () =>
    confirmDestructive({
      title: t('quizzes.step.deleteTitle'),
      message: (
        <Stack gap="xs">
          <Text size="sm">{t('quizzes.step.deleteMessage', { title: quiz.title })}</Text>
          <Text size="sm" c="dimmed">
            {quiz.attemptCount > 0
              ? t('quizzes.step.archived', { count: quiz.attemptCount })
              : t('quizzes.step.archiveNote')}
          </Text>
        </Stack>
      ),
      confirmLabel: t('quizzes.step.deleteConfirm'),
      onConfirm: () =>
        remove.mutate(quiz.id, {
          onSuccess: () => toast('success', t('quizzes.step.deleted')),
          onError: (error) => toast('danger', error.message),
        }),
    });
  return (
    <Card withBorder padding="md" data-testid="quiz-row">
      <Stack gap="sm">
        <Text fw={600}>{quiz.title}</Text>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <Fact label={t('quizzes.common.questions')} value={String(quiz.questionCount)} />
          <Fact label={t('quizzes.common.totalMarks')} value={String(quiz.totalMarks)} />
          <Fact label={t('quizzes.common.timeLimit')} value={timeLimitText(quiz.timeLimitMinutes)} />
          <Fact label={t('quizzes.step.attempts')} value={attemptsText(quiz.attemptsAllowed)} />
          <Fact label={t('quizzes.common.passMark')} value={`${quiz.passPercent}%`} />
        </SimpleGrid>
        <Group gap="xs">
          <Button
            component={Link}
            to={addQuizPath(courseId, quiz.id)}
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            aria-label={t('quizzes.step.editLabel', { title: quiz.title })}
          >
            {t('quizzes.common.edit')}
          </Button>
          <Button
            component={Link}
            to={viewQuizPath(courseId, quiz.id)}
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} />}
            aria-label={t('quizzes.step.viewLabel', { title: quiz.title })}
          >
            {t('quizzes.common.view')}
          </Button>
          <Button
            component={Link}
            to={previewQuizPath(courseId, quiz.id)}
            size="xs"
            variant="default"
            leftSection={<IconPlayerPlay size={14} />}
            aria-label={t('quizzes.step.previewLabel', { title: quiz.title })}
          >
            {t('quizzes.common.preview')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={confirmDelete}
            loading={remove.isPending}
            aria-label={t('quizzes.step.deleteLabel', { title: quiz.title })}
          >
            {t('quizzes.common.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The wizard's quiz step: the course's quizzes with their settings; each is built on /add-quiz. */
export function QuizStep({ courseId, commentFor }: { courseId: string; commentFor?: ItemCommentSlot }) {
  const t = useT();
  const quizzes = useCourseQuizzes(courseId);
  const lock = usePlanLock('quizzes', 'create');
  const list = quizzes.data?.quizzes ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('quizzes.step.title')}
        </Title>
        <LinkButton
          to={addQuizPath(courseId)}
          leftSection={<IconPlus size={16} />}
          {...lockedControlProps(lock)}
        >
          {t('quizzes.step.add')}
        </LinkButton>
      </Group>
      <PlanLockNote lock={lock} />
      {quizzes.isPending && <Loader aria-label={t('quizzes.step.loading')} />}
      {quizzes.isError && (
        <Text c="red" role="alert">
          {quizzes.error.message}
        </Text>
      )}
      {quizzes.isSuccess && list.length === 0 && (
        <Text c="dimmed" data-testid="quizzes-empty">
          {t('quizzes.step.empty')}
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
