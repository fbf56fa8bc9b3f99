import {
  Alert,
  Badge,
  Code,
  CopyButton,
  Group,
  Input,
  SegmentedControl,
  Select,
  Skeleton,
  Text,
  TextInput,
  type TextInputProps,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { LogLevelName } from '../../../common/contracts/logs';
import type { Locale } from '../../../common/i18n/locales';
import { formatDateTime } from '../../../common/time';
import { useT } from './i18n';

/** A log time to the second: "12 May, 2026, 14:03:27" (in Hindi, hi-IN's form: pass the interface's locale). */
export const formatLogTime = (iso: string, locale?: Locale) => formatDateTime(iso, { seconds: true, locale });

export const formatDuration = (ms: number) =>
  ms < 1000 ? `${ms.toFixed(ms < 10 ? 1 : 0)} ms` : `${(ms / 1000).toFixed(2)} s`;

const STATUS_COLORS: Record<string, string> = { '2': 'teal', '3': 'blue', '4': 'orange', '5': 'red' };
export function StatusBadge({ status }: { status: number }) {
  return (
    <Badge
      color={STATUS_COLORS[String(status)[0]] ?? 'gray'}
      variant="light"
      miw={46}
      style={{ flexShrink: 0 }}
    >
      {status}
    </Badge>
  );
}

const LEVEL_COLORS: Record<LogLevelName, string> = {
  info: 'blue',
  warn: 'orange',
  error: 'red',
  fatal: 'grape',
};
export function LevelBadge({ level }: { level: LogLevelName }) {
  return (
    // Never squeezed by its row at 390 px: a level cut to "wa…" says nothing (as the error groups' count badge).
    <Badge color={LEVEL_COLORS[level]} variant="light" miw={52} style={{ flexShrink: 0 }}>
      {level}
    </Badge>
  );
}

/** A request id (or any id) in monospace with a copy button. */
export function CopyableId({ value, label: given }: { value: string; label?: string }) {
  const t = useT();
  const label = given ?? t('logs.parts.copyId');
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('logs.parts.copied') : label}>
            <UnstyledButton onClick={copy} aria-label={label}>
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </UnstyledButton>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** One labelled fact of a detail drawer, label beside the value (pages use components/fact.tsx, label above). */
export function InlineFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={96} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0, flex: 1, wordBreak: 'break-word' }}>{children}</div>
    </Group>
  );
}

const HOUR = 3600 * 1000;
/** Time ranges by their URL value; "custom" shows two date-time fields. */
export const RANGES = [
  { value: '15m', labelKey: 'logs.range.15m', ms: HOUR / 4 },
  { value: '1h', labelKey: 'logs.range.1h', ms: HOUR },
  { value: '24h', labelKey: 'logs.range.24h', ms: 24 * HOUR },
  { value: '7d', labelKey: 'logs.range.7d', ms: 7 * 24 * HOUR },
  { value: 'custom', labelKey: 'logs.range.custom', ms: 0 },
] as const;

/** The range of a URL (`range`, or `from`/`to` for a custom one) as the API's ISO `from` and `to`. */
export function rangeOf(params: URLSearchParams, now = Date.now()): { from?: string; to?: string } {
  const range = RANGES.find((item) => item.value === params.get('range'));
  if (!range) return {};
  // To the minute: the query (and its cache key) stays the same from one render to the next.
  const minute = Math.floor(now / 60_000) * 60_000;
  if (range.value !== 'custom') return { from: new Date(minute - range.ms).toISOString() };
  const iso = (local: string | null) => {
    if (!local) return undefined;
    const date = new Date(local);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  };
  return { from: iso(params.get('from')), to: iso(params.get('to')) };
}

/** The time filter: any time, a recent window, or between two moments (local time, kept in the URL). */
export function TimeRangeFilter({
  params,
  update,
}: {
  params: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
}) {
  const range = params.get('range');
  const t = useT();
  return (
    <>
      <Select
        label={t('logs.range.time')}
        placeholder={t('logs.range.anyTime')}
        clearable
        data={RANGES.map(({ value, labelKey }) => ({ value, label: t(labelKey) }))}
        value={RANGES.some((item) => item.value === range) ? range : null}
        onChange={(value) => update({ range: value, from: null, to: null })}
        w={{ base: '100%', xs: 170 }}
      />
      {range === 'custom' && (
        <>
          <TextInput
            type="datetime-local"
            label={t('logs.range.from')}
            value={params.get('from') ?? ''}
            onChange={(event) => update({ from: event.currentTarget.value })}
            w={{ base: '100%', xs: 210 }}
          />
          <TextInput
            type="datetime-local"
            label={t('logs.range.to')}
            value={params.get('to') ?? ''}
            onChange={(event) => update({ to: event.currentTarget.value })}
            w={{ base: '100%', xs: 210 }}
          />
        </>
      )}
    </>
  );
}

/**
 * A text filter kept in the URL: typing stays local (no request and no navigation per keystroke, so nothing is
 * dropped on a busy machine) and reaches the URL 300 ms after the last key, or at once on Enter or blur.
 */
export function UrlTextInput({
  value,
  onCommit,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const commit = useDebouncedCallback((next: string) => {
    if (next !== value) onCommit(next);
  }, 300);
  // The URL changed from elsewhere (a link, Back, another control): show it unless the person is typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new URL value resets the draft.
  useEffect(() => {
    if (!commit.isPending()) setDraft(value);
  }, [value]);
  return (
    <TextInput
      {...props}
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
      }}
      onBlur={() => commit.flush()}
    />
  );
}

/** A choice among a few values (status class, level, job state), labelled like the text filters beside it. */
export function SegmentFilter({
  label,
  ariaLabel,
  value,
  data,
  onChange,
}: {
  label: string;
  ariaLabel: string;
  value: string;
  data: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Input.Wrapper label={label}>
      <div>
        <SegmentedControl aria-label={ariaLabel} value={value} onChange={onChange} data={data} />
      </div>
    </Input.Wrapper>
  );
}

/** A tab's list while it loads, when it fails, and when nothing matches. */
export function ListStatus({
  query,
  empty,
  emptyState,
}: {
  query: { isError: boolean; isPending: boolean; error: Error | null };
  /** True once loaded with no rows. */
  empty: boolean;
  emptyState: ReactNode;
}) {
  return (
    <>
      {query.isError && <Alert color="red">{query.error?.message}</Alert>}
      {query.isPending && <Skeleton h={220} />}
      {empty && emptyState}
    </>
  );
}
