import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import type { MessageView } from '../../../common/contracts/gurus';
import { formatDateTime } from '../../../common/time';
import { useLocale } from '../../app/i18n';
import { CitationLinks } from './citation-links';
import { useT } from './i18n';

/** The badge of each author: the role names are the core's (role.*). */
const ROLE_LABEL_KEY = {
  user: 'role.student',
  guru: 'conversations.message.guru',
  teacher: 'role.teacher',
} as const;

/** One message of a transcript: who wrote it, the text, its sources and any correction. */
export function MessageItem({
  message,
  guruName,
  onCorrect,
}: {
  message: MessageView;
  guruName: string;
  onCorrect?: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const mine = message.role === 'user';
  const roleLabel = t(ROLE_LABEL_KEY[message.role]);
  const author = message.role === 'guru' ? guruName : (message.authorName ?? roleLabel);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      maw={{ base: '100%', sm: '85%' }}
      ml={mine ? 'auto' : 0}
      bg={
        message.notCovered
          ? 'var(--mantine-color-yellow-light)'
          : mine
            ? 'var(--mantine-primary-color-light)'
            : undefined
      }
      data-testid={`message-${message.role}`}
    >
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {author}
          </Text>
          <Badge
            size="xs"
            variant="light"
            color={message.role === 'guru' ? 'grape' : message.role === 'teacher' ? 'teal' : 'gray'}
          >
            {roleLabel}
          </Badge>
          {message.notCovered && (
            <Badge size="xs" color="yellow" variant="light">
              {t('conversations.message.notCovered')}
            </Badge>
          )}
          {message.markedWrong && (
            <Badge size="xs" color="red" variant="light">
              {t('conversations.message.markedWrong')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(message.createdAt, { locale })}
        </Text>
      </Group>
      <Text
        size="sm"
        style={{ whiteSpace: 'pre-wrap' }}
        td={message.markedWrong ? 'line-through' : undefined}
      >
        {message.text}
      </Text>
      {message.correction && (
        <Paper mt="xs" p="xs" radius="sm" bg="var(--mantine-color-green-light)">
          <Text size="xs" fw={600}>
            {t('conversations.message.corrected')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {message.correction}
          </Text>
        </Paper>
      )}
      <CitationLinks citations={message.citations} />
      {onCorrect && message.role === 'guru' && (
        <Button size="compact-xs" variant="subtle" color="red" mt="xs" onClick={onCorrect}>
          {message.markedWrong
            ? t('conversations.message.editCorrection')
            : t('conversations.message.markWrong')}
        </Button>
      )}
    </Paper>
  );
}
