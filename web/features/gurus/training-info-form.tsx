import { Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput, useMatches } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type GuruDetail, type TrainingInfoInput, trainingInfoSchema } from '../../../common/contracts/gurus';
import { GURU_LIMITS, TEACHING_MODES, type TeachingMode } from '../../../common/gurus';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useSaveTrainingInfo } from './api';
import { useT } from './i18n';

/** The teaching modes' names (common's TEACHING_MODE_LABELS, word for word in English). */
const MODE_LABEL_KEYS: Record<TeachingMode, string> = {
  direct: 'gurus.info.modeDirect',
  hints: 'gurus.info.modeHints',
};

interface FormValues {
  name: string;
  subject: string;
  instructions: string;
  teachingMode: TeachingMode;
}

const initialValues = (guru?: GuruDetail): FormValues => ({
  name: guru?.name ?? '',
  subject: guru?.subject ?? '',
  instructions: guru?.instructions ?? '',
  teachingMode: guru?.teachingMode ?? 'direct',
});

/** Step "training-information": name, subject, instructions and teaching mode; the first save creates the guru. */
export function TrainingInfoForm({
  guru,
  onSaved,
}: {
  guru?: GuruDetail;
  onSaved: (guru: GuruDetail) => void;
}) {
  const save = useSaveTrainingInfo();
  const t = useT();
  // A new guru's first save adds a guru: the plan may not let it (its note says why and how to upgrade).
  const lock = usePlanLock('gurus', 'create', !guru);
  // Side by side the two modes need about 420 px; on a phone they stack, each at full width, so neither is cut.
  const orientation = useMatches<'vertical' | 'horizontal'>(
    { base: 'vertical', sm: 'horizontal' },
    { getInitialValueInEffect: false },
  );
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(guru),
    validate: zodValidate(trainingInfoSchema),
    ...commitValidation(['teachingMode']),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: guru?.id ?? null, info: values as TrainingInfoInput });
      form.resetDirty(initialValues(saved));
      toast('success', t('gurus.info.saved'));
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      toast('danger', error instanceof Error ? error.message : t('gurus.info.failed'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PlanLockNote lock={lock} />
        <TextInput
          label={t('gurus.info.name')}
          withAsterisk
          maxLength={GURU_LIMITS.nameMax}
          placeholder={t('gurus.info.namePlaceholder')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('gurus.info.subject')}
          maxLength={GURU_LIMITS.subjectMax}
          placeholder={t('gurus.info.subjectPlaceholder')}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label={t('gurus.info.instructions')}
          description={t('gurus.info.instructionsHint')}
          autosize
          minRows={4}
          maxLength={GURU_LIMITS.instructionsMax}
          {...form.getInputProps('instructions')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="teaching-mode-label">
            {t('gurus.info.mode')}
          </Text>
          <SegmentedControl
            aria-labelledby="teaching-mode-label"
            orientation={orientation}
            fullWidth={orientation === 'vertical'}
            data={TEACHING_MODES.map((mode) => ({ value: mode, label: t(MODE_LABEL_KEYS[mode]) }))}
            {...form.getInputProps('teachingMode')}
          />
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} {...lockedControlProps(lock)}>
            {guru ? t('gurus.info.save') : t('gurus.info.saveContinue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
