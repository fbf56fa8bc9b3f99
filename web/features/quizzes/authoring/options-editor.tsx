import { ActionIcon, Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { QUIZ_LIMITS } from '../../../../common/quizzes';
import { useT } from '../i18n';
import { checkOptions, newOption, type QuestionValues } from './question-form';

/**
 * The options of a single or multiple choice question, each with its correct marker: a radio for single
 * choice (exactly one correct), a checkbox for multiple choice.
 */
export function OptionsEditor({ form }: { form: UseFormReturnType<QuestionValues> }) {
  const t = useT();
  const { options, type } = form.getValues();
  const single = type === 'single';
  // Marking, adding and removing are choices: the options' own message is checked at once.
  const touch = () => {
    form.setTouched({ ...form.getTouched(), options: true });
    checkOptions(form);
  };
  const markOnly = (key: string) => {
    form.setFieldValue(
      'options',
      options.map((option) => ({ ...option, correct: option.key === key })),
    );
    touch();
  };
  const add = () => {
    form.insertListItem('options', newOption());
    touch();
  };
  const remove = (index: number) => {
    form.removeListItem('options', index);
    touch();
  };
  const rows = options.map((option, index) => {
    const number = index + 1;
    const textProps = form.getInputProps(`options.${index}.text`);
    return (
      <Group key={option.key} wrap="nowrap" align="flex-start" data-testid="option-row">
        {single ? (
          <Radio value={option.key} aria-label={t('quizzes.options.isCorrect', { number })} mt={10} />
        ) : (
          <Checkbox
            aria-label={t('quizzes.options.isCorrect', { number })}
            mt={10}
            {...form.getInputProps(`options.${index}.correct`, { type: 'checkbox' })}
            onChange={(event) => {
              form.setFieldValue(`options.${index}.correct`, event.currentTarget.checked);
              touch();
            }}
          />
        )}
        <TextInput
          label={t('quizzes.options.option', { number })}
          withAsterisk
          style={{ flex: 1 }}
          {...textProps}
          onBlur={(event) => {
            textProps.onBlur?.(event);
            // A message about the list ("mark one correct") may hold or clear now this text is in.
            if ('options' in form.errors) checkOptions(form);
          }}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          mt={26}
          onClick={() => remove(index)}
          aria-label={t('quizzes.options.remove', { number })}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    );
  });
  const correctKey = options.find((option) => option.correct)?.key ?? null;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('quizzes.options.title')}{' '}
        <Text span size="xs" c="dimmed">
          {single ? t('quizzes.options.chooseOne') : t('quizzes.options.tickEvery')}
        </Text>
      </Text>
      {single ? (
        <Radio.Group value={correctKey} onChange={markOnly} aria-label={t('quizzes.options.correctOption')}>
          <Stack gap="xs">{rows}</Stack>
        </Radio.Group>
      ) : (
        <Stack gap="xs">{rows}</Stack>
      )}
      {form.errors.options && (
        <Text c="red" size="sm" role="alert">
          {form.errors.options}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          disabled={options.length >= QUIZ_LIMITS.optionsPerQuestion}
        >
          {t('quizzes.options.add')}
        </Button>
        {options.length >= QUIZ_LIMITS.optionsPerQuestion && (
          <Text size="xs" c="dimmed">
            {t('quizzes.options.atMost', { max: QUIZ_LIMITS.optionsPerQuestion })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
