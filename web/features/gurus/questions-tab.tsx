import { ActionIcon, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type GuruDetail, type GuruQuestionKind, questionsSchema } from '../../../common/contracts/gurus';
import { GURU_LIMITS } from '../../../common/gurus';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useSaveQuestions } from './api';

const TEXTS: Record<
  GuruQuestionKind,
  { intro: string; item: string; add: string; saved: string; empty: string }
> = {
  demo: {
    intro: 'Sample questions shown to students as suggestions when a session starts.',
    item: 'Demo question',
    add: 'Add demo question',
    saved: 'Demo questions saved',
    empty: 'No demo questions yet.',
  },
  faq: {
    intro: 'Questions and answers the guru learns from. Train the guru again after changing them.',
    item: 'FAQ entry',
    add: 'Add FAQ entry',
    saved: 'FAQ saved',
    empty: 'No FAQ entries yet.',
  },
};

interface Item {
  key: string;
  question: string;
  answer: string;
}

const newKey = () => Math.random().toString(36).slice(2);

/** Tabs "demo" and "faq": an editable list of question/answer pairs, saved as a whole. */
export function QuestionsTab({ guru, kind }: { guru: GuruDetail; kind: GuruQuestionKind }) {
  const save = useSaveQuestions(guru.id, kind);
  const texts = TEXTS[kind];
  const form = useForm<{ items: Item[] }>({
    mode: 'controlled',
    initialValues: { items: guru[kind].map((q) => ({ key: q.id, question: q.question, answer: q.answer })) },
    validate: zodValidate(questionsSchema),
    ...commitValidation(),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { items: values.items.map(({ question, answer }) => ({ question, answer })) },
      {
        onSuccess: (saved) => {
          form.setValues({
            items: saved[kind].map((q) => ({ key: q.id, question: q.question, answer: q.answer })),
          });
          form.resetDirty();
          toast('success', texts.saved);
        },
        onError: (error) => toast('danger', error.message),
      },
    ),
  );
  const items = form.getValues().items;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {texts.intro}
        </Text>
        {items.length === 0 && (
          <Text size="sm" c="dimmed" data-testid={`${kind}-empty`}>
            {texts.empty}
          </Text>
        )}
        {items.map((item, index) => (
          <Card key={item.key} withBorder padding="sm" data-testid={`${kind}-item`}>
            <Group align="flex-start" wrap="nowrap">
              <Stack gap="xs" style={{ flex: 1 }}>
                <TextInput
                  label={`Question ${index + 1}`}
                  withAsterisk
                  maxLength={GURU_LIMITS.questionMax}
                  {...form.getInputProps(`items.${index}.question`)}
                />
                <Textarea
                  label={`Answer ${index + 1}`}
                  withAsterisk
                  autosize
                  minRows={2}
                  maxLength={GURU_LIMITS.answerMax}
                  {...form.getInputProps(`items.${index}.answer`)}
                />
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove ${texts.item.toLowerCase()} ${index + 1}`}
                onClick={() => form.removeListItem('items', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Card>
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={items.length >= GURU_LIMITS.questionsPerTab}
            onClick={() => form.insertListItem('items', { key: newKey(), question: '', answer: '' })}
          >
            {texts.add}
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save {kind === 'faq' ? 'FAQ' : 'demo questions'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
