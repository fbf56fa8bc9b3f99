import { Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  type DeskTicket,
  type SlaClock,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketUpdate,
} from '../../../common/contracts/support';
import { formatDate, formatDateTime } from '../../../common/time';
import { toast } from '../../app/toast';
import { Fact } from '../../components/fact';
import { useLogInAs } from '../auth';
import { useDeskAction } from './api';
import { StatusBadge } from './badges';
import { ADMIN_PAGE, SlaText, useNow } from './desk-parts';
import { useLocale, useT } from './i18n';
import { categoryLabel, priorityLabel, roleLabel, statusLabel } from './labels';

const UNASSIGNED = 'none';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Status, priority, category and assignee: each change is saved at once and lands in the thread as an event. */
function PropertiesPanel({ ticket, myId }: { ticket: DeskTicket; myId: string | undefined }) {
  const t = useT();
  const action = useDeskAction(ticket.id);
  const change = (update: TicketUpdate, done: string) =>
    action.mutate(
      { kind: 'update', body: update },
      { onSuccess: () => toast('success', done), onError: (error) => toast('danger', error.message) },
    );
  const admins = [...ticket.admins];
  if (ticket.assignee && !admins.some((admin) => admin.id === ticket.assignee?.id))
    admins.push(ticket.assignee);
  const assigneeData = [
    { value: UNASSIGNED, label: t('support.unassigned') },
    ...admins.map((admin) => ({
      value: admin.id,
      label: admin.id === myId ? t('support.side.me', { name: admin.fullName }) : admin.fullName,
    })),
  ];
  const common = { allowDeselect: false, disabled: action.isPending, comboboxProps: { withinPortal: true } };
  return (
    <Panel title={t('support.side.ticket')}>
      <Stack gap="xs">
        <Select
          label={t('support.field.status')}
          data={TICKET_STATUSES.map((value) => ({ value, label: statusLabel(t, value) }))}
          value={ticket.status}
          onChange={(value) =>
            value &&
            value !== ticket.status &&
            change(
              { status: value as DeskTicket['status'] },
              t('support.side.statusChanged', { status: statusLabel(t, value as DeskTicket['status']) }),
            )
          }
          {...common}
        />
        <Select
          label={t('support.field.priority')}
          data={TICKET_PRIORITIES.map((value) => ({ value, label: priorityLabel(t, value) }))}
          value={ticket.priority}
          onChange={(value) =>
            value &&
            value !== ticket.priority &&
            change(
              { priority: value as DeskTicket['priority'] },
              t('support.side.priorityChanged', {
                priority: priorityLabel(t, value as DeskTicket['priority']),
              }),
            )
          }
          {...common}
        />
        <Select
          label={t('support.field.category')}
          data={TICKET_CATEGORIES.map((value) => ({ value, label: categoryLabel(t, value) }))}
          value={ticket.category}
          onChange={(value) =>
            value &&
            value !== ticket.category &&
            change(
              { category: value as DeskTicket['category'] },
              t('support.side.categoryChanged', {
                category: categoryLabel(t, value as DeskTicket['category']),
              }),
            )
          }
          {...common}
        />
        <Select
          label={t('support.field.assignee')}
          data={assigneeData}
          value={ticket.assignee?.id ?? UNASSIGNED}
          onChange={(value) => {
            const assigneeId = !value || value === UNASSIGNED ? null : value;
            if (assigneeId === (ticket.assignee?.id ?? null)) return;
            const name = admins.find((admin) => admin.id === assigneeId)?.fullName;
            change({ assigneeId }, name ? t('support.queue.assignedTo', { name }) : t('support.unassigned'));
          }}
          {...common}
        />
        {myId && ticket.assignee?.id !== myId && ticket.admins.some((admin) => admin.id === myId) && (
          <Button
            variant="light"
            size="xs"
            disabled={action.isPending}
            onClick={() => change({ assigneeId: myId }, t('support.side.assignedToYou'))}
          >
            {t('support.side.assignToMe')}
          </Button>
        )}
      </Stack>
    </Panel>
  );
}

function ClockFact({
  id,
  label,
  clock,
  resolved,
  now,
}: {
  /** Names the clock for tests (sla-<id>), whatever the language. */
  id: string;
  label: string;
  clock: SlaClock;
  resolved: boolean;
  now: number;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <div data-testid={`sla-${id}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {resolved && !clock.metAt ? (
        <Text size="sm">{t('support.side.closedWithoutReply')}</Text>
      ) : (
        <SlaText clock={clock} now={now} />
      )}
      <Text size="xs" c="dimmed">
        {t('support.side.target', { date: formatDateTime(clock.targetAt, { locale }) })}
      </Text>
    </div>
  );
}

/** The first-response and resolution clocks against this ticket's targets. */
function ClocksPanel({ ticket }: { ticket: DeskTicket }) {
  const t = useT();
  const now = useNow();
  const resolved = ticket.status === 'resolved';
  return (
    <Panel title={t('support.side.targets')}>
      <Stack gap="xs">
        <ClockFact
          id="first-response"
          label={t('support.sla.firstResponse')}
          clock={ticket.firstResponse}
          resolved={resolved}
          now={now}
        />
        <ClockFact
          id="resolution"
          label={t('support.sla.resolution')}
          clock={ticket.resolution}
          resolved={resolved}
          now={now}
        />
      </Stack>
    </Panel>
  );
}

/** Who asked: their account at a glance, their other tickets, and the ways into their account. */
function RequesterPanel({ ticket }: { ticket: DeskTicket }) {
  const t = useT();
  const locale = useLocale();
  const logInAs = useLogInAs();
  const { requester, requesterSummary: summary } = ticket;
  const adminPage = ADMIN_PAGE[requester.userType];
  return (
    <Panel title={t('support.field.requester')}>
      <Stack gap="xs" data-testid="requester-card">
        <div>
          {adminPage ? (
            <Anchor component={Link} to={`${adminPage}?id=${requester.id}`} fw={600}>
              {requester.fullName}
            </Anchor>
          ) : (
            <Text fw={600}>{requester.fullName}</Text>
          )}
          <Group gap={6} mt={4}>
            <Badge variant="light">{roleLabel(t, requester.userType)}</Badge>
            <Badge variant="dot" color={summary.status === 'active' ? 'green' : 'red'}>
              {summary.status === 'active' ? t('support.side.active') : t('support.side.deactivated')}
            </Badge>
          </Group>
        </div>
        <Fact label={t('support.side.email')}>
          <Anchor href={`mailto:${requester.email}`} size="sm">
            {requester.email}
          </Anchor>
        </Fact>
        {summary.planName && <Fact label={t('support.side.plan')}>{summary.planName}</Fact>}
        {summary.instituteName && <Fact label={t('support.side.institute')}>{summary.instituteName}</Fact>}
        <Group grow align="flex-start">
          <Fact label={t('support.side.signedUp')}>{formatDate(summary.createdAt, { locale })}</Fact>
          <Fact label={t('support.side.lastLogin')}>{formatDateTime(summary.lastLoginAt, { locale })}</Fact>
        </Group>
        {summary.canLogInAs && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconLogin2 size={14} />}
            onClick={() =>
              logInAs({ userId: requester.id }).catch((error: Error) => toast('danger', error.message))
            }
          >
            {t('support.side.logInAs', { name: requester.fullName })}
          </Button>
        )}
        <Fact label={t('support.side.otherTickets')}>
          {summary.otherTickets.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('support.side.none')}
            </Text>
          ) : (
            <Stack gap={4} mt={2}>
              {summary.otherTickets.map((other) => (
                <Group key={other.id} gap={6} wrap="nowrap" justify="space-between">
                  <Anchor component={Link} to={`/view-ticket?id=${other.id}`} size="sm" truncate>
                    #{other.number} {other.subject}
                  </Anchor>
                  <StatusBadge status={other.status} />
                </Group>
              ))}
            </Stack>
          )}
        </Fact>
      </Stack>
    </Panel>
  );
}

const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg\/(\d+)/],
  ['Firefox', /Firefox\/(\d+)/],
  ['Chrome', /Chrom(?:e|ium)\/(\d+)/],
  ['Safari', /Version\/(\d+).*Safari/],
];
const SYSTEMS: [string, RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
];

/** "Chrome 126 on Windows": enough to reproduce a problem; the whole user agent stays below it. */
function browserName(userAgent: string, t: ReturnType<typeof useT>): string {
  let browser = t('support.side.unknownBrowser');
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  return system ? t('support.side.browserOn', { browser, system }) : browser;
}

/** Where the requester was when they asked, and with what: attached by their page, not typed. */
function ContextPanel({ ticket }: { ticket: DeskTicket }) {
  const t = useT();
  const { route, userAgent } = ticket.context;
  return (
    <Panel title={t('support.side.context')}>
      <Stack gap="xs">
        <Fact label={t('support.side.cameFrom')}>
          {route ? <code>{route}</code> : t('support.side.notRecorded')}
        </Fact>
        <Fact label={t('support.side.browser')}>
          {userAgent ? (
            <>
              {browserName(userAgent, t)}
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {userAgent}
              </Text>
            </>
          ) : (
            t('support.side.notRecorded')
          )}
        </Fact>
      </Stack>
    </Panel>
  );
}

/** The ticket page's side: its properties, its clocks, the requester and the context they asked from. */
export function DeskTicketSide({ ticket, myId }: { ticket: DeskTicket; myId: string | undefined }) {
  return (
    <Stack gap="md">
      <PropertiesPanel ticket={ticket} myId={myId} />
      <ClocksPanel ticket={ticket} />
      <RequesterPanel ticket={ticket} />
      <ContextPanel ticket={ticket} />
    </Stack>
  );
}
