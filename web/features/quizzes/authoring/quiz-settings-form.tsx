import { Button, Grid, Group, NumberInput, Radio, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type QuizDetail,
  type QuizSettingsInput,
  quizSettingsSchema,
} from '../../../../common/contracts/quizzes';
import { QUIZ_LIMITS } from '../../../../common/quizzes';
import { ApiError } from '../../../app/api';
import { commitValidation, zodValidate } from '../../../app/forms';
import { toast } from '../../../app/toast';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../../components/plan-lock';
import { useT } from '../i18n';
import { useQuizMutations } from './api';

type SettingsValues = Required<QuizSettingsInput>;

function initialValues(quiz: QuizDetail | undefined): SettingsValues {
  return {
    title: quiz?.title ?? '',
    instructions: quiz?.instructions ?? '',
    timeLimitMinutes: quiz?.timeLimitMinutes ?? 0,
    attemptsAllowed: quiz?.attemptsAllowed ?? 1,
    displayMode: quiz?.displayMode ?? 'one',
    shuffleQuestions: quiz?.shuffleQuestions ?? false,
    shuffleOptions: quiz?.shuffleOptions ?? false,
    passPercent: quiz?.passPercent ?? 40,
  };
}

/** A quiz's settings; the first save creates the quiz and hands it back so its questions can be added. */
export function QuizSettingsForm({
  courseId,
  quiz,
  onCreated,
}: {
  courseId: string;
  quiz?: QuizDetail;
  onCreated: (quiz: QuizDetail) => void;
}) {
  const t = useT();
  const { create, update } = useQuizMutations(courseId);
  // A new quiz's first save adds a quiz: the plan may not let it (its note says why and how to upgrade).
  const lock = usePlanLock('quizzes', 'create', !quiz);
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: initialValues(quiz),
    validate: zodValidate(quizSettingsSchema),
    ...commitValidation(['displayMode', 'shuffleQuestions', 'shuffleOptions']),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      if (quiz) {
        const saved = await update.mutateAsync({ id: quiz.id, ...values });
        form.resetDirty(initialValues(saved));
        toast('success', t('quizzes.settings.saved'));
      } else {
        const created = await create.mutateAsync(values);
        toast('success', t('quizzes.settings.created'));
        onCreated(created);
      }
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fields);
      toast('danger', error instanceof Error ? error.message : t('quizzes.settings.failed'));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('quizzes.settings.label')}>
      <Stack>
        <PlanLockNote lock={lock} />
        <TextInput label={t('quizzes.settings.title')} withAsterisk {...form.getInputProps('title')} />
        <Textarea
          label={t('quizzes.settings.instructions')}
          description={t('quizzes.settings.instructionsHelp')}
          autosize
          minRows={2}
          {...form.getInputProps('instructions')}
        />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NumberInput
              // Checked on blur: a value out of range keeps the schema's message instead of being clamped.
              clampBehavior="none"
              label={t('quizzes.settings.timeLimit')}
              description={t('quizzes.settings.timeLimitHelp')}
              withAsterisk
              min={0}
              max={QUIZ_LIMITS.maxTimeLimitMinutes}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('timeLimitMinutes')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NumberInput
              clampBehavior="none"
              label={t('quizzes.common.attemptsAllowed')}
              description={t('quizzes.settings.attemptsHelp')}
              withAsterisk
              min={0}
              max={QUIZ_LIMITS.maxAttempts}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('attemptsAllowed')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NumberInput
              clampBehavior="none"
              label={t('quizzes.settings.passMark')}
              description={t('quizzes.settings.passMarkHelp')}
              withAsterisk
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('passPercent')}
            />
          </Grid.Col>
        </Grid>
        <Radio.Group label={t('quizzes.settings.displayMode')} {...form.getInputProps('displayMode')}>
          <Group mt="xs">
            <Radio value="one" label={t('quizzes.common.oneAtATime')} />
            <Radio value="all" label={t('quizzes.common.allAtOnce')} />
          </Group>
        </Radio.Group>
        <Group>
          <Switch
            label={t('quizzes.common.shuffleQuestions')}
            {...form.getInputProps('shuffleQuestions', { type: 'checkbox' })}
          />
          <Switch
            label={t('quizzes.common.shuffleOptions')}
            {...form.getInputProps('shuffleOptions', { type: 'checkbox' })}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || update.isPending} {...lockedControlProps(lock)}>
            {quiz ? t('quizzes.settings.save') : t('quizzes.settings.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
