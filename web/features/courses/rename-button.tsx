import { ActionIcon, Button, Group, Modal, Stack, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ITEM_TITLE_MAX,
  type ItemTitleInput,
  itemTitleSchema,
} from '../../../common/contracts/course-content';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useT } from './i18n';

/** What is renamed: a lesson, a preview video or a study material. */
export type RenamedThing = 'lesson' | 'preview' | 'material';

function RenameForm({
  current,
  what,
  onRename,
  onClose,
}: {
  current: string;
  what: RenamedThing;
  onRename: (title: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const t = useT();
  const form = useForm<ItemTitleInput>({
    mode: 'controlled',
    initialValues: { title: current },
    validate: zodValidate(itemTitleSchema),
    ...commitValidation(),
  });
  const submit = form.onSubmit(async (values) => {
    const title = itemTitleSchema.parse(values).title;
    // The same name is no change: nothing is sent, so an approved course is not sent back for review.
    if (title === current) return onClose();
    setSaving(true);
    try {
      await onRename(title);
      toast('success', t('courses.rename.renamed', { title }));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.title) form.setErrors(error.fields);
      else toast('danger', error instanceof Error ? error.message : t('courses.rename.failed'));
    } finally {
      setSaving(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t(`courses.rename.name.${what}`)}
          description={t('courses.rename.help', { max: ITEM_TITLE_MAX })}
          withAsterisk
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('courses.rename.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('courses.rename.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A pencil that opens a small dialog to rename a lesson, preview or study material, checked with the same
 * schema as the API. `what` names the thing in the dialog ("Lesson name", "Rename study material").
 */
export function RenameButton({
  current,
  what,
  onRename,
}: {
  current: string;
  what: RenamedThing;
  onRename: (title: string) => Promise<unknown>;
}) {
  const [opened, setOpened] = useState(false);
  const t = useT();
  return (
    <>
      <Tooltip label={t('courses.rename.tooltip')}>
        <ActionIcon
          variant="subtle"
          onClick={() => setOpened(true)}
          aria-label={t('courses.rename.label', { title: current })}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t(`courses.rename.title.${what}`)}>
        {opened && (
          <RenameForm current={current} what={what} onRename={onRename} onClose={() => setOpened(false)} />
        )}
      </Modal>
    </>
  );
}
