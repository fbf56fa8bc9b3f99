import { Group, Select, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { DeskRow, SlaClock } from '../../../common/contracts/support';
import { ROLE_LABELS, type UserType } from '../../../common/roles';
import { formatDateTime, formatSpan } from '../../../common/time';

/**
 * Each role's account page for an admin, as the people feature links them (its VIEW_PAGE, which is not part
 * of its index): institutes live under /view-teacher. Admins and developers have no such page.
 */
export const ADMIN_PAGE: Partial<Record<UserType, string>> = {
  teacher: '/view-teacher',
  institute: '/view-teacher',
  student: '/view-student',
  partner: '/view-partner',
};

/** Red that keeps 4.5:1 contrast in both schemes (theme.ts darkens the error colour in light mode). */
export const OVERDUE_COLOR = 'var(--mantine-color-error)';

export const roleLabel = (userType: UserType) => ROLE_LABELS[userType] ?? userType;

/** The current time, ticking every minute, so "waiting 2 h 5 min" and due times stay true on an open page. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

const spanBetween = (fromMs: number, toMs: number) => formatSpan(Math.abs(toMs - fromMs) / 1000, 'minute');

/** How long the requester has waited for support, or why nobody is waiting. */
export function waitingText(row: Pick<DeskRow, 'waitingSince' | 'status'>, now: number): string {
  if (row.status === 'resolved') return 'Resolved';
  if (!row.waitingSince) return 'Support replied';
  return spanBetween(Date.parse(row.waitingSince), now);
}

/** The clock that matters now: the first response until it is met, then the resolution; none once resolved. */
export function activeClock(
  row: Pick<DeskRow, 'status' | 'firstResponse' | 'resolution'>,
): { kind: 'First response' | 'Resolution'; clock: SlaClock } | null {
  if (row.status === 'resolved') return null;
  if (!row.firstResponse.metAt) return { kind: 'First response', clock: row.firstResponse };
  return { kind: 'Resolution', clock: row.resolution };
}

/**
 * One target against the clock, in words and (when missed) in red with a warning icon, so the state never
 * rests on colour alone: "Due in 3 h", "Overdue by 25 min", "Met 12 Jan, 10:02", "Met late …".
 */
export function SlaText({
  clock,
  now,
  prefix,
  size = 'sm',
}: {
  clock: SlaClock;
  now: number;
  prefix?: string;
  size?: 'xs' | 'sm';
}) {
  const target = Date.parse(clock.targetAt);
  const lead = prefix ? `${prefix}: ` : '';
  if (clock.metAt) {
    return (
      <Group gap={4} wrap="nowrap" title={`Due ${formatDateTime(clock.targetAt)}`}>
        {clock.overdue ? (
          <IconAlertTriangle size={14} color={OVERDUE_COLOR} aria-hidden />
        ) : (
          <IconCircleCheck size={14} color="var(--mantine-color-green-text)" aria-hidden />
        )}
        <Text size={size} c={clock.overdue ? OVERDUE_COLOR : undefined}>
          {lead}
          {clock.overdue ? 'Met late' : 'Met'} {formatDateTime(clock.metAt)}
        </Text>
      </Group>
    );
  }
  if (clock.overdue) {
    return (
      <Group
        gap={4}
        wrap="nowrap"
        align="flex-start"
        title={`Was due ${formatDateTime(clock.targetAt)}`}
        data-overdue="true"
      >
        <IconAlertTriangle
          size={14}
          color={OVERDUE_COLOR}
          aria-hidden
          style={{ flexShrink: 0, marginTop: 3 }}
        />
        <Text size={size} c={OVERDUE_COLOR} fw={600}>
          {lead}Overdue by {spanBetween(target, now)}
        </Text>
      </Group>
    );
  }
  return (
    <Text size={size} title={`Due ${formatDateTime(clock.targetAt)}`}>
      {lead}Due in {spanBetween(now, target)}
    </Text>
  );
}

/**
 * The queue's due column: the clock that matters now, or when it was resolved. `stacked` puts the clock's name
 * on a line of its own (the table's narrow column); otherwise it leads the line ("First response: Due in 3 h").
 */
export function DueCell({ row, now, stacked = false }: { row: DeskRow; now: number; stacked?: boolean }) {
  const active = activeClock(row);
  if (!active) {
    return (
      <Text size="sm" c="dimmed">
        {row.resolution.metAt ? `Resolved ${formatDateTime(row.resolution.metAt)}` : 'Resolved'}
      </Text>
    );
  }
  if (!stacked) return <SlaText clock={active.clock} now={now} prefix={active.kind} />;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {active.kind}
      </Text>
      <SlaText clock={active.clock} now={now} />
    </div>
  );
}

/** A queue filter: a select whose empty value means "any" (cleared with its × or by choosing nothing). */
export function FilterSelect({
  label,
  anyLabel,
  value,
  data,
  onChange,
}: {
  label: string;
  /** Without it the select always holds a value (the sort). */
  anyLabel?: string;
  value: string | undefined;
  data: { value: string; label: string }[];
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      label={label}
      placeholder={anyLabel}
      clearable={Boolean(anyLabel)}
      allowDeselect={Boolean(anyLabel)}
      data={data}
      value={value ?? null}
      onChange={onChange}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
