import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ConversationView, MessageView, NewReplyEvent } from '../../../common/contracts/gurus';
import { GURU_LIMITS } from '../../../common/gurus';
import { formatDateTime } from '../../../common/time';
import { useLocale } from '../../app/i18n';
import { onSocketEvent, SOCKET_CONNECTED } from '../../app/socket';
import { toast } from '../../app/toast';
import { appendMessage, conversationKeys, forgetNewChat, useConversation, useReply } from './api';
import { CorrectionModal } from './correction-modal';
import { useT } from './i18n';
import { MessageItem } from './message-item';

/** One conversation: the transcript with sources, replies in person and corrections of guru answers. */
export default function ViewConversationPage() {
  const [params] = useSearchParams();
  const id = params.get('conversationId') ?? '';
  const conversation = useConversation(id);
  const queryClient = useQueryClient();
  const t = useT();
  const locale = useLocale();
  const [correcting, setCorrecting] = useState<MessageView | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (id) forgetNewChat(id);
  }, [id]);

  // A reply sent while the socket was not connected is lost: read the conversation again on every (re)connect.
  useEffect(() => {
    if (!id) return;
    return onSocketEvent(SOCKET_CONNECTED, () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.one(id) });
    });
  }, [id, queryClient]);

  // A reply to this conversation arriving live is appended here (the layout's toast skips the open one).
  useEffect(() => {
    if (!id) return;
    return onSocketEvent('new-reply', (payload) => {
      const event = payload as NewReplyEvent;
      if (event.conversationId !== id) return;
      const name = [event.user.firstName, event.user.lastName].filter(Boolean).join(' ');
      const live: MessageView = {
        id: `live-${Date.now()}`,
        role: 'teacher',
        authorName: name,
        text: event.message,
        citations: [],
        notCovered: false,
        markedWrong: false,
        correction: null,
        createdAt: new Date().toISOString(),
      };
      queryClient.setQueryData(conversationKeys.one(id), (data: ConversationView | undefined) => {
        if (!data) return data;
        // The sender is the other party: the student when they are the conversation's student.
        const role = event.userId === data.student.id ? 'user' : 'teacher';
        return appendMessage(data, { ...live, role });
      });
      forgetNewChat(id);
      // Reading it here counts as read on the server too (the next unread check agrees).
      void queryClient.invalidateQueries({ queryKey: conversationKeys.one(id) });
    });
  }, [id, queryClient]);

  const count = conversation.data?.messages.length ?? 0;
  useEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  if (!id) return <Alert color="red">{t('conversations.view.noneChosen')}</Alert>;
  if (conversation.isPending) return <Skeleton h={400} />;
  if (conversation.isError)
    return (
      <Stack>
        <Alert color="red">{conversation.error.message}</Alert>
        <BackLink />
      </Stack>
    );
  const data = conversation.data;
  return (
    <Container size="md" px={0}>
      <Stack>
        <BackLink />
        <Group gap="sm" wrap="nowrap">
          <Avatar src={data.guru.avatarImageUrl} alt="" radius="xl" size="lg">
            {data.guru.name.slice(0, 1)}
          </Avatar>
          <div>
            <Title order={1} size="h3">
              {data.guru.name}
            </Title>
            <Text size="sm" c="dimmed">
              {data.courseTitle
                ? t('conversations.view.metaCourse', {
                    student: data.student.name,
                    course: data.courseTitle,
                    when: formatDateTime(data.startedAt, { locale }),
                  })
                : t('conversations.view.meta', {
                    student: data.student.name,
                    when: formatDateTime(data.startedAt, { locale }),
                  })}
            </Text>
          </div>
        </Group>
        <Stack gap="sm" aria-label={t('conversations.view.transcript')} role="log">
          {data.messages.length === 0 ? (
            <Card withBorder>
              <Text c="dimmed" ta="center">
                {t('conversations.view.noMessages')}
              </Text>
            </Card>
          ) : (
            data.messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                guruName={data.guru.name}
                onCorrect={data.canCorrect ? () => setCorrecting(message) : undefined}
              />
            ))
          )}
          <div ref={bottom} />
        </Stack>
        {data.canReply && <ReplyBox conversationId={data.id} />}
      </Stack>
      <CorrectionModal
        key={correcting?.id ?? 'none'}
        conversationId={data.id}
        message={correcting}
        onClose={() => setCorrecting(null)}
      />
    </Container>
  );
}

function BackLink() {
  const t = useT();
  return (
    <Anchor component={Link} to="/conversation-management" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} />
        {t('conversations.view.back')}
      </Group>
    </Anchor>
  );
}

function ReplyBox({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const reply = useReply(conversationId);
  const t = useT();
  const send = () => {
    const message = text.trim();
    if (!message || reply.isPending) return;
    reply.mutate(message, {
      onSuccess: () => setText(''),
      onError: (error) => toast('danger', error.message),
    });
  };
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Textarea
          label={t('conversations.view.reply')}
          description={t('conversations.view.replyHint')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={GURU_LIMITS.replyMax}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconSend size={16} />}
            onClick={send}
            loading={reply.isPending}
            disabled={!text.trim()}
          >
            {t('conversations.view.send')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
