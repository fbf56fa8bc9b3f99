import { Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput, useMatches } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type GuruDetail, type TrainingInfoInput, trainingInfoSchema } from '../../../common/contracts/gurus';
import { GURU_LIMITS, TEACHING_MODE_LABELS, TEACHING_MODES, type TeachingMode } from '../../../common/gurus';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useSaveTrainingInfo } from './api';

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
      toast('success', 'Guru saved');
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      toast('danger', error instanceof Error ? error.message : 'Could not save the guru');
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PlanLockNote lock={lock} />
        <TextInput
          label="Name"
          withAsterisk
          maxLength={GURU_LIMITS.nameMax}
          placeholder="e.g. Geometry Guru"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Subject"
          maxLength={GURU_LIMITS.subjectMax}
          placeholder="What it teaches"
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Instructions"
          description="Tone, what to focus on and what the guru must not do."
          autosize
          minRows={4}
          maxLength={GURU_LIMITS.instructionsMax}
          {...form.getInputProps('instructions')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="teaching-mode-label">
            Teaching mode
          </Text>
          <SegmentedControl
            aria-labelledby="teaching-mode-label"
            orientation={orientation}
            fullWidth={orientation === 'vertical'}
            data={TEACHING_MODES.map((mode) => ({ value: mode, label: TEACHING_MODE_LABELS[mode] }))}
            {...form.getInputProps('teachingMode')}
          />
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} {...lockedControlProps(lock)}>
            {guru ? 'Save' : 'Save and continue'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
