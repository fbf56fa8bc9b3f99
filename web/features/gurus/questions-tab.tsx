import { ActionIcon, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type GuruDetail, type GuruQuestionKind, questionsSchema } from '../../../common/contracts/gurus';
import { GURU_LIMITS } from '../../../common/gurus';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useSaveQuestions } from './api';
import { useT } from './i18n';

/** A tab's own messages, under `gurus.questions.<kind>.`. */
type TabText = 'intro' | 'add' | 'saved' | 'empty' | 'remove' | 'save';

interface Item {
  key: string;
  question: string;
  answer: string;
}

const newKey = () => Math.random().toString(36).slice(2);

/** Tabs "demo" and "faq": an editable list of question/answer pairs, saved as a whole. */
export function QuestionsTab({ guru, kind }: { guru: GuruDetail; kind: GuruQuestionKind }) {
  const save = useSaveQuestions(guru.id, kind);
  const t = useT();
  const text = (name: TabText, values?: { number: number }) => t(`gurus.questions.${kind}.${name}`, values);
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
          toast('success', text('saved'));
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
          {text('intro')}
        </Text>
        {items.length === 0 && (
          <Text size="sm" c="dimmed" data-testid={`${kind}-empty`}>
            {text('empty')}
          </Text>
        )}
        {items.map((item, index) => (
          <Card key={item.key} withBorder padding="sm" data-testid={`${kind}-item`}>
            <Group align="flex-start" wrap="nowrap">
              <Stack gap="xs" style={{ flex: 1 }}>
                <TextInput
                  label={t('gurus.questions.question', { number: index + 1 })}
                  withAsterisk
                  maxLength={GURU_LIMITS.questionMax}
                  {...form.getInputProps(`items.${index}.question`)}
                />
                <Textarea
                  label={t('gurus.questions.answer', { number: index + 1 })}
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
                aria-label={text('remove', { number: index + 1 })}
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
            {text('add')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {text('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
