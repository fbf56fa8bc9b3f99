import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type AttachmentView,
  newTicketSchema,
  SUPPORT_LIMITS,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
} from '../../../common/contracts/support';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { useOpenTicket } from './api';
import { AttachmentPicker } from './attachment-picker';
import { inInterfaceLanguage, useT } from './i18n';
import { categoryLabel, priorityLabel } from './labels';

type Field = 'subject' | 'category' | 'priority' | 'message';
const FIELDS = newTicketSchema.shape;

/**
 * The message of one field's check, or null: the contract's own schema, so the page and server agree (a spec
 * text in the interface's language).
 */
function check(field: Field, value: string): string | null {
  const result = FIELDS[field].safeParse(
    value === '' && field !== 'subject' && field !== 'message' ? undefined : value,
  );
  const message = result.success ? null : (result.error.issues[0]?.message ?? null);
  return message === null ? null : inInterfaceLanguage(message);
}

/**
 * "New ticket": subject, category, priority, message and files. The page the writer came from and their browser
 * go with it, so support need not ask. Fields are checked when committed (blur or choice), as SPEC §5 says.
 */
export function NewTicketModal({
  opened,
  onClose,
  from,
}: {
  opened: boolean;
  onClose: () => void;
  from: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const open = useOpenTicket();
  const [values, setValues] = useState<Record<Field, string>>({
    subject: '',
    category: '',
    priority: 'normal',
    message: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [attached, setAttached] = useState<AttachmentView[]>([]);
  const [sentCount, setSentCount] = useState(0);
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);

  const [edited, setEdited] = useState<Set<Field>>(new Set());

  const set = (field: Field, value: string) => {
    setValues((all) => ({ ...all, [field]: value }));
    setEdited((all) => (all.has(field) ? all : new Set(all).add(field)));
    // A flagged field's message goes as soon as it is edited (never a new one while typing), and so not on
    // the next click, where the page moving under the pointer would swallow that click. It is checked again
    // when left (commitValidation's rule, web/app/forms.ts).
    if (errors[field]) setErrors((all) => ({ ...all, [field]: null }));
  };
  // A field left untouched is not flagged on blur (the message would move the button being clicked); "Send
  // ticket" checks every field.
  const commit = (field: Field, value = values[field]) => {
    if (edited.has(field) || value) setErrors((all) => ({ ...all, [field]: check(field, value) }));
  };

  const submit = async () => {
    const found = Object.fromEntries(
      (Object.keys(values) as Field[]).map((field) => [field, check(field, values[field])]),
    );
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      const ticket = await open.mutateAsync({
        subject: values.subject,
        category: values.category as (typeof TICKET_CATEGORIES)[number],
        priority: values.priority as (typeof TICKET_PRIORITIES)[number],
        message: values.message,
        attachmentIds: attached.map((a) => a.id),
        context: { route: from, userAgent: navigator.userAgent.slice(0, 500) },
      });
      toast('success', t('support.msg.created'));
      setValues({ subject: '', category: '', priority: 'normal', message: '' });
      setEdited(new Set());
      setAttached([]);
      // A new picker: the refused files' messages of the sent message go with it.
      setSentCount((count) => count + 1);
      onClose();
      navigate(`/view-ticket?id=${ticket.id}`);
    } catch (error) {
      // The draft stays: nothing typed is lost when sending fails.
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields as never);
      else toast('danger', (error as Error).message);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('support.list.newTicket')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('support.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('support.field.subject')}
            required
            maxLength={SUPPORT_LIMITS.subjectMax}
            value={values.subject}
            onChange={(event) => set('subject', event.currentTarget.value)}
            onBlur={() => commit('subject')}
            error={errors.subject}
            data-autofocus
          />
          <Group grow align="flex-start">
            <Select
              label={t('support.field.category')}
              required
              placeholder={t('support.new.chooseOne')}
              data={TICKET_CATEGORIES.map((value) => ({ value, label: categoryLabel(t, value) }))}
              value={values.category || null}
              onChange={(value) => {
                set('category', value ?? '');
                commit('category', value ?? '');
              }}
              error={errors.category}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('support.field.priority')}
              data={TICKET_PRIORITIES.map((value) => ({ value, label: priorityLabel(t, value) }))}
              value={values.priority}
              allowDeselect={false}
              onChange={(value) => set('priority', value ?? 'normal')}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          <Textarea
            label={t('support.new.message')}
            description={t('support.new.messageHint')}
            required
            autosize
            minRows={4}
            maxRows={12}
            maxLength={SUPPORT_LIMITS.messageMax}
            value={values.message}
            onChange={(event) => set('message', event.currentTarget.value)}
            onBlur={() => commit('message')}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void submit();
              }
            }}
            error={errors.message}
          />
          <AttachmentPicker
            key={sentCount}
            attached={attached}
            onChange={setAttached}
            onBusyChange={onBusyChange}
          />
          <Text size="xs" c="dimmed">
            {t('support.new.context')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('support.cancel')}
            </Button>
            <Button type="submit" loading={open.isPending} disabled={uploading}>
              {t('support.new.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
