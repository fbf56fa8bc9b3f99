import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { AttemptView } from '../../../../common/contracts/quizzes';
import { type AnswerResponse, isAnswered } from '../../../../common/quizzes';
import { ApiError } from '../../../app/api';
import { toast } from '../../../app/toast';
import { useT } from '../i18n';
import { takingKeys, uploadFileAnswer, useSubmitAttempt } from './api';
import { Countdown } from './countdown';
import { QuizPaper } from './quiz-paper';
import { SaveIndicator } from './save-indicator';
import { clearPendingAnswers, readPendingAnswers, useAnswerSaver } from './use-answer-saver';

/** An open attempt: the paper, answers saved as given, the timer, and Submit. */
export function AttemptInProgress({ attempt }: { attempt: AttemptView }) {
  const t = useT();
  const queryClient = useQueryClient();
  const submit = useSubmitAttempt();
  // What the server has, overlaid with what this browser gave but the server has not yet confirmed.
  const [responses, setResponses] = useState<Record<string, AnswerResponse>>(() => ({
    ...attempt.responses,
    ...readPendingAnswers(attempt.id),
  }));
  const submitting = useRef(false);

  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: takingKeys.attempt(attempt.id) }),
    [queryClient, attempt.id],
  );
  const saver = useAnswerSaver(attempt.id, () => void refetch());

  const change = (questionId: string, response: AnswerResponse, debounce: boolean) => {
    setResponses((current) => ({ ...current, [questionId]: response }));
    saver.record(questionId, response, debounce);
  };

  const upload = async (questionId: string, file: File, onProgress: (percent: number) => void) => {
    const saved = await uploadFileAnswer(attempt.id, questionId, file, onProgress);
    setResponses((current) => ({ ...current, [questionId]: saved.response }));
    return saved.response;
  };

  const finish = useCallback(
    async (timeUp: boolean) => {
      if (submitting.current) return;
      submitting.current = true;
      const allSaved = await saver.flush();
      if (!allSaved && !timeUp) {
        submitting.current = false;
        toast('warning', t('quizzes.attempt.notSaved'));
        return;
      }
      saver.stop();
      submit.mutate(attempt.id, {
        onSuccess: () => {
          clearPendingAnswers(attempt.id);
          if (timeUp) toast('info', t('quizzes.attempt.timeUp'));
        },
        onError: (error) => {
          submitting.current = false;
          // Submitted already (by the deadline sweep or another tab): show what the server has.
          if (error instanceof ApiError && error.status === 409) {
            clearPendingAnswers(attempt.id);
            void refetch();
          } else toast('danger', error.message);
        },
      });
    },
    [saver, submit, attempt.id, refetch, t],
  );

  const unanswered = attempt.questions.filter((q) => !isAnswered(q, responses[q.id])).length;
  const confirmSubmit = () =>
    modals.openConfirmModal({
      title: t('quizzes.attempt.confirmTitle'),
      children: (
        <Text size="sm" data-testid="submit-summary">
          {unanswered === 0
            ? t('quizzes.attempt.allAnswered')
            : t('quizzes.attempt.unanswered', { count: unanswered })}
        </Text>
      ),
      labels: { confirm: t('quizzes.attempt.submit'), cancel: t('quizzes.attempt.keepWorking') },
      onConfirm: () => void finish(false),
    });

  return (
    <Stack>
      <Card withBorder padding="md" pos="sticky" top={0} style={{ zIndex: 5 }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Title order={1} size="h3">
              {attempt.quizTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {t('quizzes.attempt.byline', { course: attempt.courseTitle, number: attempt.number })}
            </Text>
          </div>
          <Group gap="md">
            <SaveIndicator status={saver.status} error={saver.error} />
            {attempt.deadlineAt && (
              <Countdown
                deadlineAt={attempt.deadlineAt}
                serverNow={attempt.serverNow}
                onExpire={() => void finish(true)}
              />
            )}
          </Group>
        </Group>
      </Card>
      <QuizPaper
        questions={attempt.questions}
        responses={responses}
        displayMode={attempt.displayMode}
        onChange={change}
        onFile={upload}
        disabled={submit.isPending}
      />
      <Group justify="flex-end">
        <Button size="md" onClick={confirmSubmit} loading={submit.isPending}>
          {t('quizzes.attempt.submitQuiz')}
        </Button>
      </Group>
    </Stack>
  );
}
