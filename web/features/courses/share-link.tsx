import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api';
import { toast } from '../../app/toast';
import { useT } from './i18n';

/** The teacher's share link: a new or logged-in student who opens it is subscribed to the live course. */
export function ShareLink({ courseId }: { courseId: string }) {
  const t = useT();
  const link = useMutation({
    mutationFn: () =>
      api<{ shareToken: string; url: string }>(`/courses/${courseId}/share-token`, { method: 'POST' }),
    onError: (error) => toast('danger', error.message),
  });
  if (!link.data) {
    return (
      <Button
        variant="light"
        leftSection={<IconShare size={16} />}
        onClick={() => link.mutate()}
        loading={link.isPending}
      >
        {t('courses.share.get')}
      </Button>
    );
  }
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          value={link.data.url}
          readOnly
          aria-label={t('courses.share.label')}
          style={{ flex: 1 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={link.data.url}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {t(copied ? 'courses.share.copied' : 'courses.share.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('courses.share.help')}
      </Text>
    </Stack>
  );
}
