import { Button, Grid, Group, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef } from 'react';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import { type CourseInfoInput, courseInfoSchema } from '../../../common/contracts/courses';
import { COUNTRIES } from '../../../common/countries';
import { COURSE_CATEGORIES, COURSE_LANGUAGES, COURSE_LEVELS } from '../../../common/courses';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { lockedControlProps, PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useSaveCourseInfo } from './api';
import { useT } from './i18n';

const CURRENCY_OPTIONS = [
  ...new Map(COUNTRIES.map((c) => [c.currency, `${c.currency} (${c.symbol})`])).entries(),
]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([value, label]) => ({ value, label }));

type FormValues = Omit<CourseInfoInput, 'category' | 'level' | 'language'> & {
  category: string;
  level: string;
  language: string;
};

function initialValues(course: AuthoredCourse | undefined): FormValues {
  return {
    title: course?.title ?? '',
    description: course?.description ?? '',
    category: course?.category ?? '',
    level: course?.level ?? '',
    language: course?.language ?? '',
    price: course?.price ?? 0,
    currency: course?.currency ?? 'INR',
    passingScore: course?.passingScore ?? 0,
  };
}

/**
 * Step "course-information": saves on its own; the first save creates the draft. "Save and continue" saves
 * and opens the next step (`onSaved(course, true)`); "Save" stays.
 */
export function CourseInfoForm({
  course,
  onSaved,
}: {
  course?: AuthoredCourse;
  onSaved: (course: AuthoredCourse, next: boolean) => void;
}) {
  const save = useSaveCourseInfo();
  const t = useT();
  // A new course's first save adds a course: the plan may not let it (its note says why and how to upgrade).
  const lock = usePlanLock('courses', 'create', !course);
  // Which button sent the form: Enter in a field counts as the first one.
  const advance = useRef(!course);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(course),
    validate: zodValidate(courseInfoSchema),
    ...commitValidation(['category', 'level', 'language', 'currency']),
  });
  const submit = form.onSubmit(async (values) => {
    // Nothing changed: moving on saves nothing, so an approved course is not sent back for review.
    if (course && !form.isDirty()) {
      if (advance.current) onSaved(course, true);
      else toast('info', t('courses.info.noChanges'));
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: course?.id ?? null, info: values as CourseInfoInput });
      form.resetDirty(initialValues(saved));
      toast('success', t('courses.info.saved'));
      onSaved(saved, advance.current);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      toast('danger', error instanceof Error ? error.message : t('courses.info.saveFailed'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PlanLockNote lock={lock} />
        <TextInput label={t('courses.info.title')} withAsterisk {...form.getInputProps('title')} />
        <Textarea
          label={t('courses.info.description')}
          withAsterisk
          autosize
          minRows={4}
          {...form.getInputProps('description')}
        />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('courses.info.category')}
              withAsterisk
              data={[...COURSE_CATEGORIES]}
              searchable
              {...form.getInputProps('category')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('courses.info.level')}
              withAsterisk
              data={[...COURSE_LEVELS]}
              {...form.getInputProps('level')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('courses.info.language')}
              withAsterisk
              data={[...COURSE_LANGUAGES]}
              searchable
              {...form.getInputProps('language')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NumberInput
              // Checked on blur: a value out of range keeps the schema's message instead of being clamped.
              clampBehavior="none"
              label={t('courses.info.price')}
              description={t('courses.info.priceHelp')}
              withAsterisk
              min={0}
              decimalScale={2}
              thousandSeparator=","
              {...form.getInputProps('price')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('courses.info.currency')}
              withAsterisk
              data={CURRENCY_OPTIONS}
              searchable
              {...form.getInputProps('currency')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NumberInput
              clampBehavior="none"
              label={t('courses.info.passingScore')}
              withAsterisk
              min={0}
              allowDecimal={false}
              {...form.getInputProps('passingScore')}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          {course && (
            <Button
              type="submit"
              variant="default"
              loading={save.isPending && !advance.current}
              onClick={() => {
                advance.current = false;
              }}
            >
              {t('courses.info.save')}
            </Button>
          )}
          <Button
            type="submit"
            loading={save.isPending && advance.current}
            {...lockedControlProps(lock)}
            onClick={() => {
              advance.current = true;
            }}
          >
            {t('courses.info.saveContinue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
