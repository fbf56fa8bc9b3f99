import { Badge, Button, Paper, Stack, Text } from '@mantine/core';
import type { Citation } from '../../../common/gurus';
import { inInterfaceLanguage, useT } from './i18n';

export interface EmbedMessage {
  id: string;
  role: 'user' | 'guru' | 'error';
  text: string;
  citations?: Citation[];
  notCovered?: boolean;
  streaming?: boolean;
  /** A hints-mode guru waits for a try at this answer's question (decision 058). */
  awaitingTry?: boolean;
}

/** Where an answer came from, as a student reads it: the lesson, slide, page or FAQ. */
function citationLabel(citation: Citation, t: ReturnType<typeof useT>): string {
  if (citation.slide !== null)
    return t('embed.messages.slide', { title: citation.title, slide: citation.slide });
  if (citation.page !== null) return t('embed.messages.page', { title: citation.title, page: citation.page });
  if (citation.startSeconds !== null)
    return `${citation.title}, ${Math.floor(citation.startSeconds / 60)}:${String(Math.floor(citation.startSeconds % 60)).padStart(2, '0')}`;
  return citation.title;
}

/** The transcript of the embedded session: questions on the right, answers with their sources on the left. */
export function EmbedMessages({
  messages,
  onShowAnswer,
}: {
  messages: EmbedMessage[];
  /** Asks for the answer the guru is hinting at; offered on the newest answer while it waits for a try. */
  onShowAnswer?: () => void;
}) {
  const t = useT();
  return (
    <Stack gap="sm" aria-live="polite" data-testid="embed-messages">
      {messages.map((message, index) => (
        <Paper
          key={message.id}
          p="sm"
          radius="md"
          withBorder={message.role !== 'user'}
          bg={message.role === 'user' ? 'var(--mantine-primary-color-light)' : undefined}
          ml={message.role === 'user' ? 'xl' : 0}
          mr={message.role === 'user' ? 0 : 'xl'}
          data-testid={`embed-${message.role}-message`}
        >
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            c={message.role === 'error' ? 'red' : undefined}
          >
            {/* An error may be a spec text (GURU_MSG…): in the interface's language then. */}
            {message.role === 'error'
              ? inInterfaceLanguage(message.text)
              : message.text || (message.streaming ? '…' : '')}
          </Text>
          {message.notCovered && (
            <Badge size="xs" color="gray" variant="light" mt={6}>
              {t('embed.messages.notCovered')}
            </Badge>
          )}
          {message.citations && message.citations.length > 0 && (
            <Text size="xs" c="dimmed" mt={6}>
              {t('embed.messages.from', {
                sources: [...new Set(message.citations.map((citation) => citationLabel(citation, t)))]
                  .slice(0, 3)
                  .join(' · '),
              })}
            </Text>
          )}
          {message.awaitingTry && !message.streaming && index === messages.length - 1 && onShowAnswer && (
            <Button size="xs" variant="light" mt={6} onClick={onShowAnswer}>
              {/* The label in the interface's language; the guru is always sent SHOW_ANSWER itself. */}
              {t('embed.messages.showAnswer')}
            </Button>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
