import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Rating,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type AttachmentView, replySchema, SUPPORT_LIMITS } from '../../../common/contracts/support';
import { formatDateTime } from '../../../common/time';
import { useSession } from '../../app/session';
import { toast } from '../../app/toast';
import { forgetNewHelp, useLiveSupport, useMyTicket, useRateTicket, useReplyToTicket } from './api';
import { AttachmentPicker } from './attachment-picker';
import { PriorityBadge, StatusBadge } from './badges';
import { inInterfaceLanguage, rich, useLocale, useT } from './i18n';
import { categoryLabel } from './labels';
import { TicketThread } from './ticket-thread';

// Only admins download the desk.
const DeskTicketPage = lazy(async () => ({ default: (await import('./desk-ticket-page')).DeskTicketPage }));

/** /view-ticket?id=…: the requester's thread; an admin gets the desk's page for the same ticket. */
export default function ViewTicketPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const session = useSession();
  const t = useT();
  if (session?.userType === 'admin') {
    return (
      <Suspense fallback={<Loader aria-label={t('support.view.loading')} />}>
        <DeskTicketPage ticketId={id} />
      </Suspense>
    );
  }
  return <RequesterTicket ticketId={id} />;
}

const checkMessage = (value: string) => {
  const result = replySchema.shape.message.safeParse(value);
  const message = result.success ? null : (result.error.issues[0]?.message ?? null);
  return message === null ? null : inInterfaceLanguage(message);
};

function RequesterTicket({ ticketId }: { ticketId: string }) {
  const t = useT();
  const locale = useLocale();
  const ticket = useMyTicket(ticketId);
  const reply = useReplyToTicket(ticketId);
  const rate = useRateTicket(ticketId);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attached, setAttached] = useState<AttachmentView[]>([]);
  const [sentCount, setSentCount] = useState(0);
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  useLiveSupport();

  // Opening the ticket clears its new-reply marker, and so does a reply arriving while it is open.
  const lastMessageAt = ticket.data?.lastMessageAt;
  useEffect(() => {
    if (ticketId && lastMessageAt) forgetNewHelp(ticketId);
  }, [ticketId, lastMessageAt]);

  if (ticket.isPending && ticketId) return <Loader aria-label={t('support.view.loading')} />;
  if (!ticketId || ticket.isError) {
    return (
      <Container size="md">
        <Stack>
          <Alert color="red" title={t('support.msg.ticketNotFound')}>
            {t('support.view.notYours')}
          </Alert>
          <Button component={Link} to="/support-tickets" variant="light" w="fit-content">
            {t('support.view.backToHelp')}
          </Button>
        </Stack>
      </Container>
    );
  }
  const data = ticket.data;
  if (!data) return null;

  const send = async () => {
    const found = checkMessage(message);
    setError(found);
    if (found) return;
    try {
      await reply.mutateAsync({ message, attachmentIds: attached.map((a) => a.id) });
      setMessage('');
      setAttached([]);
      // A new picker: the refused files' messages of the sent message go with it.
      setSentCount((count) => count + 1);
      toast(
        'success',
        data.status === 'resolved' ? t('support.view.replySentReopened') : t('support.msg.replySent'),
      );
    } catch (failure) {
      // The draft stays.
      setError((failure as Error).message);
    }
  };

  return (
    <Container size="md">
      <Stack>
        <Anchor component={Link} to="/support-tickets" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} /> {t('support.view.allMine')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              #{data.number} {data.subject}
            </Title>
            <Text size="xs" c="dimmed">
              {t('support.view.opened', {
                category: categoryLabel(t, data.category),
                date: formatDateTime(data.createdAt, { locale }),
              })}
            </Text>
          </Stack>
          <Group gap="xs">
            <PriorityBadge priority={data.priority} />
            <StatusBadge status={data.status} />
          </Group>
        </Group>

        <TicketThread messages={data.messages} reader="requester" />

        {data.status === 'resolved' && (
          <Card withBorder data-testid="ticket-rating">
            <Stack gap={4}>
              <Text fw={600}>{data.rating ? t('support.view.thanks') : t('support.view.howDidWeDo')}</Text>
              <Text size="sm" c="dimmed">
                {t(data.canReply ? 'support.view.resolvedCanReply' : 'support.view.resolvedClosed', {
                  date: formatDateTime(data.resolvedAt, { locale }),
                  days: SUPPORT_LIMITS.reopenDays,
                })}
              </Text>
              <Rating
                value={data.rating ?? 0}
                onChange={(value) =>
                  rate.mutate(value, {
                    onSuccess: () => toast('success', t('support.view.thanks')),
                    onError: (failure) => toast('danger', failure.message),
                  })
                }
                aria-label={t('support.view.rate')}
                size="lg"
              />
            </Stack>
          </Card>
        )}

        {data.canReply ? (
          <Card withBorder>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void send();
              }}
            >
              <Stack gap="sm">
                <Textarea
                  label={t('support.view.yourReply')}
                  autosize
                  minRows={3}
                  maxRows={10}
                  maxLength={SUPPORT_LIMITS.messageMax}
                  value={message}
                  // Checked when left (an empty box only when sent) and cleared while edited: commitValidation's rule.
                  onChange={(event) => {
                    setMessage(event.currentTarget.value);
                    setError(null);
                  }}
                  onBlur={() => message && setError(checkMessage(message))}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                      event.preventDefault();
                      void send();
                    }
                  }}
                  error={error}
                  description={t('support.view.ctrlEnter')}
                />
                <AttachmentPicker
                  key={sentCount}
                  attached={attached}
                  onChange={setAttached}
                  onBusyChange={onBusyChange}
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={reply.isPending} disabled={uploading}>
                    {data.status === 'resolved'
                      ? t('support.view.replyAndReopen')
                      : t('support.view.sendReply')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        ) : (
          <Alert color="gray">
            {rich('support.view.tooLate', {
              days: SUPPORT_LIMITS.reopenDays,
              link: (chunks) => (
                <Anchor component={Link} to="/support-tickets?new=1">
                  {chunks}
                </Anchor>
              ),
            })}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
