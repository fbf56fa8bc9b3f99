import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type CannedReply,
  type CannedReplyInput,
  cannedReplySchema,
  SUPPORT_LIMITS,
} from '../../../common/contracts/support';
import { commitValidation, serverFieldErrors, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from './api';
import { useT } from './i18n';

/** Adds or edits one canned reply; the messages under the fields are the server's own (one zod schema). */
function CannedReplyForm({ reply, onDone }: { reply: CannedReply | null; onDone: () => void }) {
  const t = useT();
  const save = useSaveCannedReply();
  const form = useForm<CannedReplyInput>({
    mode: 'controlled',
    initialValues: { title: reply?.title ?? '', body: reply?.body ?? '' },
    validate: zodValidate(cannedReplySchema),
    ...commitValidation(),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          { id: reply?.id, body: values },
          {
            onSuccess: () => {
              toast('success', reply ? t('support.canned.saved') : t('support.canned.added'));
              onDone();
            },
            onError: (error) => {
              const fields = serverFieldErrors(error);
              if (Object.keys(fields).length > 0) form.setErrors(fields);
              else toast('danger', error.message);
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label={t('support.canned.title')}
          description={t('support.canned.titleHint')}
          maxLength={100}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Textarea
          label={t('support.composer.reply')}
          description={t('support.canned.bodyHint')}
          autosize
          minRows={4}
          maxRows={12}
          maxLength={SUPPORT_LIMITS.messageMax}
          {...form.getInputProps('body')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('support.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {reply ? t('support.canned.saveChanges') : t('support.canned.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The desk's canned replies: answers given often, kept once and inserted into a reply in one click. */
export function CannedRepliesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const replies = useCannedReplies(opened);
  const remove = useDeleteCannedReply();
  // null: the list; 'new': adding one; a reply: editing it.
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  const askToDelete = (reply: CannedReply) =>
    confirmDestructive({
      title: t('support.canned.delete'),
      message: t('support.canned.deleteMessage', { title: reply.title }),
      confirmLabel: t('support.canned.delete'),
      cancelLabel: t('support.cancel'),
      onConfirm: () =>
        remove.mutate(reply.id, {
          onSuccess: () => toast('success', t('support.canned.deleted')),
          onError: (error) => toast('danger', error.message),
        }),
    });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        editing === 'new'
          ? t('support.canned.new')
          : editing
            ? t('support.canned.edit')
            : t('support.desk.canned')
      }
      size="lg"
      closeButtonProps={{ 'aria-label': t('support.close') }}
    >
      {editing ? (
        <CannedReplyForm
          key={editing === 'new' ? 'new' : editing.id}
          reply={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('support.canned.shared')}
            </Text>
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
              {t('support.canned.new')}
            </Button>
          </Group>
          {replies.isError && <Alert color="red">{replies.error.message}</Alert>}
          {replies.isPending && <Skeleton h={120} />}
          {replies.data?.length === 0 && (
            <Paper withBorder p="lg" ta="center">
              <Text fw={600}>{t('support.composer.noCanned')}</Text>
              <Text size="sm" c="dimmed">
                {t('support.canned.emptyHint')}
              </Text>
            </Paper>
          )}
          {replies.data?.map((reply) => (
            <Paper key={reply.id} withBorder p="sm" data-testid="canned-reply">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {reply.title}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                    {reply.body}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('support.canned.editOne', { title: reply.title })}
                    onClick={() => setEditing(reply)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('support.canned.deleteOne', { title: reply.title })}
                    onClick={() => askToDelete(reply)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
