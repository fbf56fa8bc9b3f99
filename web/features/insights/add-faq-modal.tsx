import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import { addFaqSchema, type UnansweredGroup } from '../../../common/contracts/insights';
import { GURU_LIMITS } from '../../../common/gurus';
import { MSG } from '../../../common/messages';
import { ApiError } from '../../app/api';
import { commitValidation, serverFieldErrors, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useAddFaq } from './api';
import { ExamplesList } from './examples-list';
import { groupTitle } from './format';
import { rich, useT } from './i18n';

/** The shared request schema plus the guru it goes to (a path parameter, so not in the contract's body). */
const formSchema = addFaqSchema.extend({ guruId: z.string().min(1, MSG.selectOption) });

interface Props {
  courseId: string;
  /** The group being answered; null closes the dialog. */
  group: UnansweredGroup | null;
  gurus: { id: string; name: string }[];
  onClose: () => void;
}

/** "Add to FAQ" from an unanswered group: the guru learns the answer, and the group shows as done. */
export function AddFaqModal({ courseId, group, gurus, onClose }: Props) {
  const t = useT();
  return (
    <Modal
      opened={group !== null}
      onClose={onClose}
      title={t('insights.faq.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('insights.close') }}
    >
      {group && (
        <AddFaqForm key={group.key} courseId={courseId} group={group} gurus={gurus} onDone={onClose} />
      )}
    </Modal>
  );
}

function AddFaqForm({
  courseId,
  group,
  gurus,
  onDone,
}: {
  courseId: string;
  group: UnansweredGroup;
  gurus: Props['gurus'];
  onDone: () => void;
}) {
  const t = useT();
  const addFaq = useAddFaq(courseId);
  // The group's own guru when the caller may add to it, else the only one there is.
  const guruId = gurus.some((guru) => guru.id === group.guruId)
    ? group.guruId
    : gurus.length === 1
      ? gurus[0].id
      : '';
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      question: group.wording || (group.examples[0] ?? group.terms.join(' ')),
      answer: '',
      guruId,
    },
    validate: zodValidate(formSchema),
    ...commitValidation(['guruId']),
  });

  const save = form.onSubmit(async (values) => {
    const guruName = gurus.find((guru) => guru.id === values.guruId)?.name ?? t('insights.faq.theGuru');
    try {
      await addFaq.mutateAsync({
        guruId: values.guruId,
        question: values.question,
        answer: values.answer,
        groupKey: values.guruId === group.guruId ? group.key : undefined,
      });
      toast('success', t('insights.faq.added', { guru: guruName }));
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (error instanceof ApiError && Object.keys(fields).length > 0) form.setErrors(fields);
      else toast('danger', (error as Error).message);
    }
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <div>
          <Text size="sm" c="dimmed">
            {rich('insights.faq.intro', {
              guru: group.guruName,
              title: groupTitle(group),
              count: group.asks,
              terms: group.terms.join(', '),
              b: (chunks) => <b>{chunks}</b>,
            })}
          </Text>
          <ExamplesList examples={group.examples} label={t('insights.faq.howAsked')} />
        </div>
        <Textarea
          label={t('insights.faq.question')}
          description={t('insights.faq.questionHint')}
          autosize
          minRows={2}
          maxLength={GURU_LIMITS.questionMax}
          withAsterisk
          {...form.getInputProps('question')}
        />
        <Textarea
          label={t('insights.faq.answer')}
          autosize
          minRows={4}
          maxLength={GURU_LIMITS.answerMax}
          withAsterisk
          data-autofocus
          {...form.getInputProps('answer')}
        />
        <Select
          label={t('insights.faq.guru')}
          description={t('insights.faq.guruHint')}
          data={gurus.map((guru) => ({ value: guru.id, label: guru.name }))}
          allowDeselect={false}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('guruId')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('insights.faq.cancel')}
          </Button>
          <Button type="submit" loading={addFaq.isPending}>
            {t('insights.faq.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
