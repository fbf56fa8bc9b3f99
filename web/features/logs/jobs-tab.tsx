import { Badge, Card, Code, Group, Spoiler, Stack, Text } from '@mantine/core';
import { JOB_FAILURE_STATES } from '../../../common/contracts/logs';
import { Pager } from '../../components/pager';
import { EmptyCard } from '../reports';
import { useJobFailures } from './api';
import { useLocale, useT } from './i18n';
import { formatLogTime, ListStatus, SegmentFilter, UrlTextInput } from './logs-parts';

const PAGE_SIZE = 20;

/** Background jobs that failed (pg-boss keeps them; inline servers remember the latest in memory). */
export function JobsTab({
  params,
  page,
  update,
}: {
  params: URLSearchParams;
  page: number;
  update: (changes: Record<string, string | null>, resetPage?: boolean) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const state = JOB_FAILURE_STATES.find((value) => value === params.get('state'));
  const name = params.get('name') ?? '';
  const list = useJobFailures({ state, name: name || undefined, page, limit: PAGE_SIZE });
  const total = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <SegmentFilter
          label={t('logs.jobs.state')}
          ariaLabel={t('logs.jobs.stateAria')}
          value={state ?? 'all'}
          onChange={(value) => update({ state: value === 'all' ? null : value })}
          data={[
            { value: 'all', label: t('logs.all') },
            { value: 'failed', label: t('logs.jobs.failed') },
            { value: 'retry', label: t('logs.jobs.retry') },
          ]}
        />
        <UrlTextInput
          label={t('logs.jobs.queue')}
          placeholder={t('logs.jobs.queuePlaceholder')}
          value={params.get('name') ?? ''}
          onCommit={(text) => update({ name: text || null })}
          w={{ base: '100%', xs: 220 }}
        />
      </Group>
      {list.data?.mode === 'inline' && (
        <Text size="sm" c="dimmed">
          {t('logs.jobs.inline')}
        </Text>
      )}
      <ListStatus
        query={list}
        empty={list.data?.failures.length === 0}
        emptyState={<EmptyCard title={t('logs.jobs.empty')} hint={t('logs.jobs.emptyHint')} />}
      />
      {list.data?.failures.map((job) => (
        <Card key={`${job.name}-${job.id}`} withBorder data-testid="job-failure">
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="wrap">
                <Text fw={600} ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {job.name}
                </Text>
                <Badge color={job.state === 'failed' ? 'red' : 'orange'} variant="light">
                  {job.state === 'failed' ? t('logs.jobs.badgeFailed') : t('logs.jobs.badgeRetry')}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {t('logs.jobs.retries', {
                  time: formatLogTime(job.failedAt || job.createdAt, locale),
                  count: job.retryCount,
                  limit: job.retryLimit,
                })}
              </Text>
            </Group>
            <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
              {job.error.message}
            </Text>
            <Text size="xs" c="dimmed">
              {t('logs.jobs.payload')}
            </Text>
            <Code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{job.payload}</Code>
            {job.error.stack && (
              <Spoiler
                maxHeight={0}
                showLabel={t('logs.jobs.showStack')}
                hideLabel={t('logs.jobs.hideStack')}
              >
                <Code block tabIndex={0} style={{ overflow: 'auto', whiteSpace: 'pre' }}>
                  {job.error.stack}
                </Code>
              </Spoiler>
            )}
          </Stack>
        </Card>
      ))}
      <Pager page={page} total={total} onChange={(next) => update({ page: String(next) }, false)} />
    </Stack>
  );
}
