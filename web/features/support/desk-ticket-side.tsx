import { Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  type DeskTicket,
  type SlaClock,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type TicketUpdate,
} from '../../../common/contracts/support';
import { formatDate, formatDateTime } from '../../../common/time';
import { toast } from '../../app/toast';
import { Fact } from '../../components/fact';
import { useLogInAs } from '../auth';
import { useDeskAction } from './api';
import { StatusBadge } from './badges';
import { ADMIN_PAGE, roleLabel, SlaText, useNow } from './desk-parts';

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
    { value: UNASSIGNED, label: 'Unassigned' },
    ...admins.map((admin) => ({
      value: admin.id,
      label: admin.id === myId ? `${admin.fullName} (me)` : admin.fullName,
    })),
  ];
  const common = { allowDeselect: false, disabled: action.isPending, comboboxProps: { withinPortal: true } };
  return (
    <Panel title="Ticket">
      <Stack gap="xs">
        <Select
          label="Status"
          data={TICKET_STATUSES.map((value) => ({ value, label: TICKET_STATUS_LABELS[value] }))}
          value={ticket.status}
          onChange={(value) =>
            value &&
            value !== ticket.status &&
            change(
              { status: value as DeskTicket['status'] },
              `Status changed to ${TICKET_STATUS_LABELS[value as DeskTicket['status']]}`,
            )
          }
          {...common}
        />
        <Select
          label="Priority"
          data={TICKET_PRIORITIES.map((value) => ({ value, label: TICKET_PRIORITY_LABELS[value] }))}
          value={ticket.priority}
          onChange={(value) =>
            value &&
            value !== ticket.priority &&
            change(
              { priority: value as DeskTicket['priority'] },
              `Priority changed to ${TICKET_PRIORITY_LABELS[value as DeskTicket['priority']]}`,
            )
          }
          {...common}
        />
        <Select
          label="Category"
          data={TICKET_CATEGORIES.map((value) => ({ value, label: TICKET_CATEGORY_LABELS[value] }))}
          value={ticket.category}
          onChange={(value) =>
            value &&
            value !== ticket.category &&
            change(
              { category: value as DeskTicket['category'] },
              `Category changed to ${TICKET_CATEGORY_LABELS[value as DeskTicket['category']]}`,
            )
          }
          {...common}
        />
        <Select
          label="Assignee"
          data={assigneeData}
          value={ticket.assignee?.id ?? UNASSIGNED}
          onChange={(value) => {
            const assigneeId = !value || value === UNASSIGNED ? null : value;
            if (assigneeId === (ticket.assignee?.id ?? null)) return;
            const name = admins.find((admin) => admin.id === assigneeId)?.fullName;
            change({ assigneeId }, name ? `Assigned to ${name}` : 'Unassigned');
          }}
          {...common}
        />
        {myId && ticket.assignee?.id !== myId && ticket.admins.some((admin) => admin.id === myId) && (
          <Button
            variant="light"
            size="xs"
            disabled={action.isPending}
            onClick={() => change({ assigneeId: myId }, 'Assigned to you')}
          >
            Assign to me
          </Button>
        )}
      </Stack>
    </Panel>
  );
}

function ClockFact({
  label,
  clock,
  resolved,
  now,
}: {
  label: string;
  clock: SlaClock;
  resolved: boolean;
  now: number;
}) {
  return (
    <div data-testid={`sla-${label.toLowerCase().replace(' ', '-')}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {resolved && !clock.metAt ? (
        <Text size="sm">Closed without a reply</Text>
      ) : (
        <SlaText clock={clock} now={now} />
      )}
      <Text size="xs" c="dimmed">
        Target {formatDateTime(clock.targetAt)}
      </Text>
    </div>
  );
}

/** The first-response and resolution clocks against this ticket's targets. */
function ClocksPanel({ ticket }: { ticket: DeskTicket }) {
  const now = useNow();
  const resolved = ticket.status === 'resolved';
  return (
    <Panel title="Response targets">
      <Stack gap="xs">
        <ClockFact label="First response" clock={ticket.firstResponse} resolved={resolved} now={now} />
        <ClockFact label="Resolution" clock={ticket.resolution} resolved={resolved} now={now} />
      </Stack>
    </Panel>
  );
}

/** Who asked: their account at a glance, their other tickets, and the ways into their account. */
function RequesterPanel({ ticket }: { ticket: DeskTicket }) {
  const logInAs = useLogInAs();
  const { requester, requesterSummary: summary } = ticket;
  const adminPage = ADMIN_PAGE[requester.userType];
  return (
    <Panel title="Requester">
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
            <Badge variant="light">{roleLabel(requester.userType)}</Badge>
            <Badge variant="dot" color={summary.status === 'active' ? 'green' : 'red'}>
              {summary.status === 'active' ? 'Active' : 'Deactivated'}
            </Badge>
          </Group>
        </div>
        <Fact label="Email">
          <Anchor href={`mailto:${requester.email}`} size="sm">
            {requester.email}
          </Anchor>
        </Fact>
        {summary.planName && <Fact label="Plan">{summary.planName}</Fact>}
        {summary.instituteName && <Fact label="Institute">{summary.instituteName}</Fact>}
        <Group grow align="flex-start">
          <Fact label="Signed up">{formatDate(summary.createdAt)}</Fact>
          <Fact label="Last login">{formatDateTime(summary.lastLoginAt)}</Fact>
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
            Log in as {requester.fullName}
          </Button>
        )}
        <Fact label="Other tickets">
          {summary.otherTickets.length === 0 ? (
            <Text size="sm" c="dimmed">
              None
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
function browserName(userAgent: string): string {
  let browser = 'Unknown browser';
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  return system ? `${browser} on ${system}` : browser;
}

/** Where the requester was when they asked, and with what: attached by their page, not typed. */
function ContextPanel({ ticket }: { ticket: DeskTicket }) {
  const { route, userAgent } = ticket.context;
  return (
    <Panel title="Context">
      <Stack gap="xs">
        <Fact label="Came from">{route ? <code>{route}</code> : 'Not recorded'}</Fact>
        <Fact label="Browser">
          {userAgent ? (
            <>
              {browserName(userAgent)}
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {userAgent}
              </Text>
            </>
          ) : (
            'Not recorded'
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
