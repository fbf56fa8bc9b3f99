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
import { useT } from './i18n';

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
  const t = useT();
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
      toast('success', t(editing ? 'courses.faq.updated' : 'courses.faq.added'));
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
        <TextInput label={t('courses.faq.question')} withAsterisk {...form.getInputProps('question')} />
        <Textarea
          label={t('courses.faq.answer')}
          withAsterisk
          autosize
          minRows={3}
          {...form.getInputProps('answer')}
        />
        <Group>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t(editing ? 'courses.faq.save' : 'courses.faq.add')}
          </Button>
          {editing && (
            <Button variant="default" onClick={onDone}>
              {t('courses.faq.cancel')}
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
  const t = useT();
  const move = (position: number) => update.mutate({ id: faq.id, position }, { onError: fail });
  const confirmDelete = () =>
    confirmDestructive({
      title: t('courses.faq.deleteTitle'),
      message: t('courses.faq.deleteMessage', { question: faq.question }),
      confirmLabel: t('courses.faq.deleteConfirm'),
      onConfirm: () => remove.mutate(faq.id, { onError: fail }),
    });
  const icon = (labelKey: string, onClick: () => void, child: ReactNode, disabled = false) => (
    <ActionIcon
      variant="subtle"
      onClick={onClick}
      disabled={disabled}
      aria-label={t(labelKey, { question: faq.question })}
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
          {icon('courses.faq.moveUpLabel', () => move(index - 1), <IconArrowUp size={18} />, index === 0)}
          {icon(
            'courses.faq.moveDownLabel',
            () => move(index + 1),
            <IconArrowDown size={18} />,
            index === count - 1,
          )}
          {icon('courses.faq.editLabel', onEdit, <IconPencil size={18} />)}
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={confirmDelete}
            aria-label={t('courses.faq.deleteLabel', { question: faq.question })}
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
  const t = useT();
  return (
    <Stack>
      <Title order={2} size="h4">
        {t('courses.faq.title')}
      </Title>
      {faqs.isSuccess && list.length === 0 && <Text c="dimmed">{t('courses.faq.empty')}</Text>}
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
