import { Badge, Button, Paper, Stack, Text } from '@mantine/core';
import { type Citation, SHOW_ANSWER } from '../../../common/gurus';

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
function citationLabel(citation: Citation): string {
  const where =
    citation.slide !== null
      ? `slide ${citation.slide}`
      : citation.page !== null
        ? `page ${citation.page}`
        : citation.startSeconds !== null
          ? `${Math.floor(citation.startSeconds / 60)}:${String(Math.floor(citation.startSeconds % 60)).padStart(2, '0')}`
          : null;
  return where ? `${citation.title}, ${where}` : citation.title;
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
            {message.text || (message.streaming ? '…' : '')}
          </Text>
          {message.notCovered && (
            <Badge size="xs" color="gray" variant="light" mt={6}>
              Not covered by what the guru has learned
            </Badge>
          )}
          {message.citations && message.citations.length > 0 && (
            <Text size="xs" c="dimmed" mt={6}>
              From: {[...new Set(message.citations.map(citationLabel))].slice(0, 3).join(' · ')}
            </Text>
          )}
          {message.awaitingTry && !message.streaming && index === messages.length - 1 && onShowAnswer && (
            <Button size="xs" variant="light" mt={6} onClick={onShowAnswer}>
              {SHOW_ANSWER}
            </Button>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
