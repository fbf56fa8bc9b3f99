import {
  Button,
  Card,
  Group,
  Kbd,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { getHotkeyHandler } from '@mantine/hooks';
import { IconLock, IconMessageReply } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import {
  type AttachmentView,
  type DeskTicket,
  noteSchema,
  SUPPORT_LIMITS,
} from '../../../common/contracts/support';
import { serverFieldErrors } from '../../app/forms';
import { toast } from '../../app/toast';
import { useCannedReplies, useDeskAction } from './api';
import { AttachmentPicker } from './attachment-picker';
import { CannedRepliesModal } from './canned-replies-modal';
import { inInterfaceLanguage, useT } from './i18n';

type Mode = 'reply' | 'note';

/** The server's own rule for a message (empty: 'Please fill this field'; spaces: 'Only space not allowed'). */
function checkMessage(value: string): string | null {
  const result = noteSchema.shape.message.safeParse(value);
  const message = result.success ? null : (result.error.issues[0]?.message ?? null);
  return message === null ? null : inInterfaceLanguage(message);
}

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
/** The keys' caps, as printed on the keyboard in every language (not translated). */
const KEY_CAPS = { modifier: IS_MAC ? '⌘' : 'Ctrl', enter: 'Enter' };

/**
 * Answers a ticket: a reply to the requester (with files, optionally resolving it) or an internal note only admins
 * see. Each mode keeps its own draft, so a note is never sent as a reply by switching; a draft stays until the
 * server has taken it.
 */
export function DeskComposer({ ticket }: { ticket: DeskTicket }) {
  const t = useT();
  const action = useDeskAction(ticket.id);
  const [mode, setMode] = useState<Mode>('reply');
  const [attached, setAttached] = useState<AttachmentView[]>([]);
  const [sentCount, setSentCount] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [cannedOpen, setCannedOpen] = useState(false);
  const [cannedSearch, setCannedSearch] = useState('');
  const canned = useCannedReplies();
  const textarea = useRef<HTMLTextAreaElement>(null);
  // An empty box is its normal state: it is checked when sent (its commit; not on blur as commitValidation
  // does, since moving to the mode switch or the canned replies is no mistake), and its message clears as
  // soon as one types.
  const form = useForm({
    mode: 'controlled',
    initialValues: { reply: '', note: '' },
    validate: { reply: checkMessage, note: checkMessage },
  });

  const send = (resolve = false) => {
    if (action.isPending) return;
    if (mode === 'reply' && uploading) {
      toast('info', t('support.composer.uploading'));
      return;
    }
    if (form.validateField(mode).hasError) return;
    const message = form.getValues()[mode];
    const onError = (error: Error) => {
      const fields = serverFieldErrors(error);
      if (fields.message) form.setFieldError(mode, fields.message);
      else toast('danger', t('support.composer.notSent', { error: error.message }));
    };
    if (mode === 'note') {
      action.mutate(
        { kind: 'note', body: { message } },
        {
          onSuccess: () => {
            form.setFieldValue('note', '');
            toast('success', t('support.composer.noteAdded'));
          },
          onError,
        },
      );
      return;
    }
    action.mutate(
      {
        kind: 'reply',
        body: {
          message,
          attachmentIds: attached.map((file) => file.id),
          ...(resolve ? { status: 'resolved' as const } : {}),
        },
      },
      {
        onSuccess: () => {
          form.setFieldValue('reply', '');
          setAttached([]);
          // A new picker: the refused files' messages of the sent message go with it.
          setSentCount((count) => count + 1);
          toast('success', resolve ? t('support.composer.sentResolved') : t('support.msg.replySent'));
        },
        onError,
      },
    );
  };

  /** Puts a canned reply's body where the cursor is (or at the end), ready to be edited before sending. */
  const insert = (id: string | null) => {
    const reply = canned.data?.find((item) => item.id === id);
    setCannedSearch('');
    if (!reply) return;
    const current = form.getValues()[mode];
    const element = textarea.current;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    const before = current.slice(0, start);
    const glue = before && !before.endsWith('\n') ? '\n' : '';
    const next = `${before}${glue}${reply.body}${current.slice(end)}`;
    form.setFieldValue(mode, next.slice(0, SUPPORT_LIMITS.messageMax));
    const caret = before.length + glue.length + reply.body.length;
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(caret, caret);
    });
  };

  const note = mode === 'note';
  const hotkeys = getHotkeyHandler([
    ['ctrl+Enter', () => send()],
    ['meta+Enter', () => send()],
  ]);

  return (
    <Card
      withBorder
      padding="md"
      data-testid="desk-composer"
      // A note is framed in the thread's note colour; its text stays on the plain card for contrast.
      style={note ? { borderColor: 'var(--mantine-color-yellow-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <SegmentedControl
            aria-label={t('support.composer.mode')}
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            data={[
              { value: 'reply', label: t('support.composer.reply') },
              { value: 'note', label: t('support.thread.internalNote') },
            ]}
          />
          <Group gap={4} wrap="nowrap" style={{ flex: '1 1 240px', maxWidth: 340 }}>
            <Select
              aria-label={t('support.composer.insertCanned')}
              placeholder={t('support.composer.insertCanned')}
              searchable
              data={(canned.data ?? []).map((reply) => ({ value: reply.id, label: reply.title }))}
              value={null}
              onChange={insert}
              searchValue={cannedSearch}
              onSearchChange={setCannedSearch}
              nothingFoundMessage={
                canned.data?.length ? t('support.composer.noCannedMatch') : t('support.composer.noCanned')
              }
              comboboxProps={{ withinPortal: true }}
              style={{ flex: 1 }}
            />
            <Button variant="subtle" size="compact-sm" onClick={() => setCannedOpen(true)}>
              {t('support.composer.manage')}
            </Button>
          </Group>
        </Group>
        {note ? (
          <Paper bg="var(--mantine-color-yellow-light)" p="xs" radius="sm" data-testid="note-warning">
            <Group gap={6} wrap="nowrap">
              <IconLock size={16} aria-hidden />
              <Text size="sm" fw={600}>
                {t('support.composer.noteWarning', { name: ticket.requester.fullName })}
              </Text>
            </Group>
          </Paper>
        ) : (
          <Group gap={6} wrap="nowrap">
            <IconMessageReply size={16} aria-hidden />
            <Text size="sm">{t('support.composer.goesTo', { name: ticket.requester.fullName })}</Text>
          </Group>
        )}
        <Textarea
          key={mode}
          ref={textarea}
          label={
            note
              ? t('support.composer.noteLabel')
              : t('support.composer.replyTo', { name: ticket.requester.fullName })
          }
          autosize
          minRows={4}
          maxRows={16}
          maxLength={SUPPORT_LIMITS.messageMax}
          onKeyDown={hotkeys}
          {...form.getInputProps(mode)}
        />
        {!note && (
          <AttachmentPicker
            key={sentCount}
            attached={attached}
            onChange={setAttached}
            onBusyChange={setUploading}
            disabled={action.isPending}
          />
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">{KEY_CAPS.modifier}</Kbd> + <Kbd size="xs">{KEY_CAPS.enter}</Kbd>{' '}
            {note ? t('support.composer.addsNote') : t('support.composer.sendsReply')}
          </Text>
          <Group gap="xs">
            {note ? (
              <Button color="yellow" autoContrast loading={action.isPending} onClick={() => send()}>
                {t('support.composer.addNote')}
              </Button>
            ) : (
              <>
                <Button
                  variant="default"
                  disabled={uploading}
                  loading={
                    action.isPending &&
                    action.variables?.kind === 'reply' &&
                    Boolean(action.variables.body.status)
                  }
                  onClick={() => send(true)}
                >
                  {t('support.composer.sendAndResolve')}
                </Button>
                <Button
                  disabled={uploading}
                  loading={
                    action.isPending && !(action.variables?.kind === 'reply' && action.variables.body.status)
                  }
                  onClick={() => send()}
                >
                  {t('support.view.sendReply')}
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Stack>
      <CannedRepliesModal opened={cannedOpen} onClose={() => setCannedOpen(false)} />
    </Card>
  );
}
