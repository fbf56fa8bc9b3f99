import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../common/time';
import { ApiError } from '../../app/api';
import { useSession } from '../../app/session';
import { useDeskTicket, useLiveSupport } from './api';
import { PriorityBadge, StatusBadge } from './badges';
import { DeskComposer } from './desk-composer';
import { DeskTicketSide } from './desk-ticket-side';
import { useLocale, useT } from './i18n';
import { categoryLabel } from './labels';
import { TicketThread } from './ticket-thread';

function BackToQueue() {
  const t = useT();
  return (
    <Anchor component={Link} to="/support" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> {t('support.ticket.backToQueue')}
      </Group>
    </Anchor>
  );
}

/** No such ticket (or a mangled link): said plainly, with the way back to the queue. */
function TicketNotFound() {
  const t = useT();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center" gap="sm" data-testid="ticket-not-found">
        <Title order={1} size="h2">
          {t('support.msg.ticketNotFound')}
        </Title>
        <Text c="dimmed">{t('support.ticket.notFoundText')}</Text>
        <Button component={Link} to="/support">
          {t('support.ticket.backToTheQueue')}
        </Button>
      </Stack>
    </Container>
  );
}

/**
 * One ticket as the desk sees it (/view-ticket?id= for an admin): the whole thread with internal notes, the
 * composer, and at the side its properties, clocks, requester and context. Live: a requester's reply appears in
 * place while a draft is being written.
 */
export function DeskTicketPage({ ticketId }: { ticketId: string }) {
  useLiveSupport();
  const t = useT();
  const locale = useLocale();
  const session = useSession();
  const ticket = useDeskTicket(ticketId);

  if (!ticketId) return <TicketNotFound />;
  if (ticket.isError) {
    const error = ticket.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return <TicketNotFound />;
    return (
      <Container size="md">
        <Stack>
          <BackToQueue />
          <Alert color="red" title={t('support.ticket.loadFailed')}>
            {error.message}{' '}
            <Anchor component="button" onClick={() => void ticket.refetch()}>
              {t('support.ticket.tryAgain')}
            </Anchor>
          </Alert>
        </Stack>
      </Container>
    );
  }
  if (!ticket.data) {
    return (
      <Container size="xl">
        <Stack>
          <Skeleton h={28} w="60%" />
          <Skeleton h={400} />
        </Stack>
      </Container>
    );
  }
  const data = ticket.data;

  return (
    <Container size="xl">
      <Stack>
        <BackToQueue />
        <Stack gap={6}>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            <Text span inherit c="dimmed">
              #{data.number}
            </Text>{' '}
            {data.subject}
          </Title>
          <Group gap={6}>
            <StatusBadge status={data.status} />
            <PriorityBadge priority={data.priority} />
            <Badge variant="light" color="gray">
              {categoryLabel(t, data.category)}
            </Badge>
            {data.rating !== null && (
              <Badge variant="light" color="yellow" leftSection={<IconStarFilled size={10} />}>
                {t('support.ticket.rated', { rating: data.rating })}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('support.ticket.openedBy', {
              date: formatDateTime(data.createdAt, { locale }),
              name: data.requester.fullName,
              last: formatDateTime(data.lastMessageAt, { locale }),
            })}
          </Text>
        </Stack>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              <TicketThread messages={data.messages} requesterName={data.requester.fullName} />
              <DeskComposer ticket={data} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <DeskTicketSide ticket={data} myId={session?.userId} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
