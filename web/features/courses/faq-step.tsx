import { ActionIcon, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import type { CourseFaq } from '../../../common/contracts/course-content';
import { type FaqInput, faqSchema } from '../../../common/contracts/course-content';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import type { ItemCommentSlot } from '../approvals';
import { useCourseFaqs, useFaqMutations } from './content-api';

const EMPTY: FaqInput = { question: '', answer: '' };
const fail = (error: Error) => toast('danger', error.message);

function FaqForm({
  courseId,
  editing,
  onDone,
}: {
  courseId: string;
  editing: CourseFaq | null;
  onDone: () => void;
}) {
  const { create, update } = useFaqMutations(courseId);
  const form = useForm<FaqInput>({
    mode: 'controlled',
    initialValues: editing ? { question: editing.question, answer: editing.answer } : EMPTY,
    validate: zodValidate(faqSchema),
    ...commitValidation(),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...values });
      else await create.mutateAsync(values);
      toast('success', editing ? 'Question updated' : 'Question added');
      form.reset();
      onDone();
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fields);
      if (error instanceof Error) fail(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Question" withAsterisk {...form.getInputProps('question')} />
        <Textarea label="Answer" withAsterisk autosize minRows={3} {...form.getInputProps('answer')} />
        <Group>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {editing ? 'Save question' : 'Add question'}
          </Button>
          {editing && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function FaqRow(props: {
  faq: CourseFaq;
  index: number;
  count: number;
  courseId: string;
  onEdit: () => void;
}) {
  const { faq, index, count, courseId, onEdit } = props;
  const { update, remove } = useFaqMutations(courseId);
  const move = (position: number) => update.mutate({ id: faq.id, position }, { onError: fail });
  const confirmDelete = () =>
    confirmDestructive({
      title: 'Delete this question?',
      message: `“${faq.question}” will be removed from the course.`,
      confirmLabel: 'Delete question',
      onConfirm: () => remove.mutate(faq.id, { onError: fail }),
    });
  const icon = (label: string, onClick: () => void, child: ReactNode, disabled = false) => (
    <ActionIcon
      variant="subtle"
      onClick={onClick}
      disabled={disabled}
      aria-label={`${label} ${faq.question}`}
    >
      {child}
    </ActionIcon>
  );
  return (
    <Card withBorder padding="sm" data-testid="faq-row">
      <Group wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{faq.question}</Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {faq.answer}
          </Text>
        </Stack>
        <Group gap={2} wrap="nowrap">
          {icon('Move up', () => move(index - 1), <IconArrowUp size={18} />, index === 0)}
          {icon('Move down', () => move(index + 1), <IconArrowDown size={18} />, index === count - 1)}
          {icon('Edit', onEdit, <IconPencil size={18} />)}
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={confirmDelete}
            aria-label={`Delete ${faq.question}`}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}

/** The wizard's FAQ step: questions and answers in order; each change is saved at once. */
export function FaqStep({ courseId, commentFor }: { courseId: string; commentFor?: ItemCommentSlot }) {
  const faqs = useCourseFaqs(courseId);
  const [editing, setEditing] = useState<CourseFaq | null>(null);
  const list = faqs.data?.faqs ?? [];
  return (
    <Stack>
      <Title order={2} size="h4">
        FAQ
      </Title>
      {faqs.isSuccess && list.length === 0 && (
        <Text c="dimmed">No questions yet. Add the questions learners ask most, with their answers.</Text>
      )}
      {list.map((faq, index) => (
        <Fragment key={faq.id}>
          <FaqRow
            faq={faq}
            index={index}
            count={list.length}
            courseId={courseId}
            onEdit={() => setEditing(faq)}
          />
          {commentFor?.('faq', faq.id)}
        </Fragment>
      ))}
      <Card withBorder padding="md">
        <FaqForm
          key={editing?.id ?? 'new'}
          courseId={courseId}
          editing={editing}
          onDone={() => setEditing(null)}
        />
      </Card>
    </Stack>
  );
}
