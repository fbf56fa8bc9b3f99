import { ActionIcon, Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { QUIZ_LIMITS } from '../../../../common/quizzes';
import { checkOptions, newOption, type QuestionValues } from './question-form';

/**
 * The options of a single or multiple choice question, each with its correct marker: a radio for single
 * choice (exactly one correct), a checkbox for multiple choice.
 */
export function OptionsEditor({ form }: { form: UseFormReturnType<QuestionValues> }) {
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
          <Radio value={option.key} aria-label={`Option ${number} is correct`} mt={10} />
        ) : (
          <Checkbox
            aria-label={`Option ${number} is correct`}
            mt={10}
            {...form.getInputProps(`options.${index}.correct`, { type: 'checkbox' })}
            onChange={(event) => {
              form.setFieldValue(`options.${index}.correct`, event.currentTarget.checked);
              touch();
            }}
          />
        )}
        <TextInput
          label={`Option ${number}`}
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
          aria-label={`Remove option ${number}`}
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
        Options{' '}
        <Text span size="xs" c="dimmed">
          ({single ? 'choose the one correct answer' : 'tick every correct answer'})
        </Text>
      </Text>
      {single ? (
        <Radio.Group value={correctKey} onChange={markOnly} aria-label="Correct option">
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
          Add option
        </Button>
        {options.length >= QUIZ_LIMITS.optionsPerQuestion && (
          <Text size="xs" c="dimmed">
            At most {QUIZ_LIMITS.optionsPerQuestion} options.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
