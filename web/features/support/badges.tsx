import { Badge } from '@mantine/core';
import type { TicketPriority, TicketStatus } from '../../../common/contracts/support';
import { useT } from './i18n';
import { priorityLabel, statusLabel } from './labels';

const STATUS_COLORS: Record<TicketStatus, string> = { open: 'blue', inReview: 'yellow', resolved: 'green' };
const PRIORITY_COLORS: Record<TicketPriority, string> = {
  low: 'gray',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** A badge is a word or two: never shrunk to "OP…" by a tight row or table cell. */
const WHOLE = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

export function StatusBadge({ status }: { status: TicketStatus }) {
  const t = useT();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" styles={WHOLE} data-testid="ticket-status">
      {statusLabel(t, status)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  const t = useT();
  return (
    // Outline text and white on red 7 are below 4.5:1 (axe): light badges (their text is darkened in theme.ts),
    // and urgent filled in red 9.
    <Badge
      color={priority === 'urgent' ? 'red.9' : PRIORITY_COLORS[priority]}
      variant={priority === 'urgent' ? 'filled' : 'light'}
      styles={WHOLE}
    >
      {priorityLabel(t, priority)}
    </Badge>
  );
}
