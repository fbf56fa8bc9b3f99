import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { AttachmentView } from '../../../common/contracts/support';
import { SUPPORT_LIMITS } from '../../../common/contracts/support';
import { discardAttachment, uploadAttachment } from './api';
import { useT } from './i18n';

/** What the file chooser offers; the server still checks every file by its bytes. */
const ACCEPT =
  'image/png,image/jpeg,image/webp,image/gif,application/pdf,video/mp4,video/webm,video/quicktime';

interface Pending {
  key: string;
  name: string;
  percent: number;
  error: string | null;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/**
 * Files sent with a message: each is uploaded as soon as it is chosen (with progress), so sending is quick and a
 * refused file is named at once. `attached` are the uploaded ones, whose ids go with the message.
 */
export function AttachmentPicker({
  attached,
  onChange,
  onBusyChange,
  disabled,
}: {
  attached: AttachmentView[];
  onChange: (next: AttachmentView[] | ((current: AttachmentView[]) => AttachmentView[])) => void;
  /** True while a file is still uploading: the message waits for it. */
  onBusyChange: (busy: boolean) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const [pending, setPending] = useState<Pending[]>([]);
  const uploading = pending.some((item) => !item.error);
  useEffect(() => onBusyChange(uploading), [uploading, onBusyChange]);
  const room =
    SUPPORT_LIMITS.attachmentsPerMessage - attached.length - pending.filter((p) => !p.error).length;

  const add = (files: File[]) => {
    const allowed = Math.max(0, room);
    for (const file of files.slice(allowed)) {
      setPending((all) => [
        ...all,
        {
          key: `${file.name}-${Math.random()}`,
          name: file.name,
          percent: 0,
          error: t('support.msg.tooManyAttachments', { count: SUPPORT_LIMITS.attachmentsPerMessage }),
        },
      ]);
    }
    for (const file of files.slice(0, allowed)) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      if (file.size > SUPPORT_LIMITS.attachmentMaxBytes) {
        setPending((all) => [
          ...all,
          {
            key,
            name: file.name,
            percent: 0,
            error: t('support.attach.tooLarge', { size: sizeText(SUPPORT_LIMITS.attachmentMaxBytes) }),
          },
        ]);
        continue;
      }
      setPending((all) => [...all, { key, name: file.name, percent: 0, error: null }]);
      uploadAttachment(file, (percent) =>
        setPending((all) => all.map((p) => (p.key === key ? { ...p, percent } : p))),
      ).then(
        (view) => {
          setPending((all) => all.filter((p) => p.key !== key));
          onChange((current) => [...current, view]);
        },
        (error: Error) =>
          setPending((all) => all.map((p) => (p.key === key ? { ...p, error: error.message } : p))),
      );
    }
  };

  const remove = (view: AttachmentView) => {
    onChange((current) => current.filter((a) => a.id !== view.id));
    void discardAttachment(view.id).catch(() => undefined);
  };

  return (
    <Stack gap={6}>
      <Group gap="xs">
        <FileButton onChange={add} accept={ACCEPT} multiple disabled={disabled || room <= 0}>
          {(props) => (
            <Button
              {...props}
              disabled={disabled || room <= 0}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={14} />}
            >
              {t('support.attach.button')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('support.attach.hint', {
            count: SUPPORT_LIMITS.attachmentsPerMessage,
            size: sizeText(SUPPORT_LIMITS.attachmentMaxBytes),
          })}
        </Text>
      </Group>
      {attached.map((view) => (
        <Group key={view.id} gap="xs" wrap="nowrap" data-testid="attached-file">
          <Text size="sm" truncate style={{ minWidth: 0, flex: 1 }}>
            {view.name}{' '}
            <Text span size="xs" c="dimmed">
              ({sizeText(view.sizeBytes)})
            </Text>
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('support.attach.remove', { name: view.name })}
            onClick={() => remove(view)}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
      {pending.map((item) => (
        <Stack key={item.key} gap={2}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" truncate style={{ minWidth: 0, flex: 1 }}>
              {item.name}
            </Text>
            {item.error && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('support.attach.dismiss', { name: item.name })}
                onClick={() => setPending((all) => all.filter((p) => p.key !== item.key))}
              >
                <IconX size={14} />
              </ActionIcon>
            )}
          </Group>
          {item.error ? (
            <Text size="xs" c="red" role="alert">
              {item.error}
            </Text>
          ) : (
            <Progress
              value={item.percent}
              size="sm"
              aria-label={t('support.attach.uploading', { name: item.name })}
            />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
