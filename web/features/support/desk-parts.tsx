import { Group, Select, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { DeskRow, SlaClock } from '../../../common/contracts/support';
import type { Locale } from '../../../common/i18n/locales';
import type { UserType } from '../../../common/roles';
import { formatDateTime, formatSpan } from '../../../common/time';
import { useLocale, useT } from './i18n';

type T = ReturnType<typeof useT>;

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

/** The current time, ticking every minute, so "waiting 2 h 5 min" and due times stay true on an open page. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

const spanBetween = (fromMs: number, toMs: number, locale: Locale) =>
  formatSpan(Math.abs(toMs - fromMs) / 1000, 'minute', locale);

/** How long the requester has waited for support, or why nobody is waiting. */
export function waitingText(
  row: Pick<DeskRow, 'waitingSince' | 'status'>,
  now: number,
  t: T,
  locale: Locale,
): string {
  if (row.status === 'resolved') return t('support.sla.resolved');
  if (!row.waitingSince) return t('support.sla.supportReplied');
  return spanBetween(Date.parse(row.waitingSince), now, locale);
}

/** The clock that matters now: the first response until it is met, then the resolution; none once resolved. */
export function activeClock(
  row: Pick<DeskRow, 'status' | 'firstResponse' | 'resolution'>,
): { kind: 'firstResponse' | 'resolution'; clock: SlaClock } | null {
  if (row.status === 'resolved') return null;
  if (!row.firstResponse.metAt) return { kind: 'firstResponse', clock: row.firstResponse };
  return { kind: 'resolution', clock: row.resolution };
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
  const t = useT();
  const locale = useLocale();
  const target = Date.parse(clock.targetAt);
  // "First response: Due in 3 h" when the clock is named on the same line.
  const line = (text: string) => (prefix ? t('support.sla.withClock', { clock: prefix, text }) : text);
  const dueAt = t('support.sla.dueAt', { date: formatDateTime(clock.targetAt, { locale }) });
  if (clock.metAt) {
    const met = formatDateTime(clock.metAt, { locale });
    return (
      <Group gap={4} wrap="nowrap" title={dueAt}>
        {clock.overdue ? (
          <IconAlertTriangle size={14} color={OVERDUE_COLOR} aria-hidden />
        ) : (
          <IconCircleCheck size={14} color="var(--mantine-color-green-text)" aria-hidden />
        )}
        <Text size={size} c={clock.overdue ? OVERDUE_COLOR : undefined}>
          {line(t(clock.overdue ? 'support.sla.metLate' : 'support.sla.met', { date: met }))}
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
        title={t('support.sla.wasDue', { date: formatDateTime(clock.targetAt, { locale }) })}
        data-overdue="true"
      >
        <IconAlertTriangle
          size={14}
          color={OVERDUE_COLOR}
          aria-hidden
          style={{ flexShrink: 0, marginTop: 3 }}
        />
        <Text size={size} c={OVERDUE_COLOR} fw={600}>
          {line(t('support.sla.overdueBy', { span: spanBetween(target, now, locale) }))}
        </Text>
      </Group>
    );
  }
  return (
    <Text size={size} title={dueAt}>
      {line(t('support.sla.dueIn', { span: spanBetween(now, target, locale) }))}
    </Text>
  );
}

/**
 * The queue's due column: the clock that matters now, or when it was resolved. `stacked` puts the clock's name
 * on a line of its own (the table's narrow column); otherwise it leads the line ("First response: Due in 3 h").
 */
export function DueCell({ row, now, stacked = false }: { row: DeskRow; now: number; stacked?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const active = activeClock(row);
  if (!active) {
    return (
      <Text size="sm" c="dimmed">
        {row.resolution.metAt
          ? t('support.sla.resolvedAt', { date: formatDateTime(row.resolution.metAt, { locale }) })
          : t('support.sla.resolved')}
      </Text>
    );
  }
  const kind = t(`support.sla.${active.kind}`);
  if (!stacked) return <SlaText clock={active.clock} now={now} prefix={kind} />;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {kind}
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
