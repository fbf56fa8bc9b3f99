import { Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { CourseInsights } from '../../../common/contracts/insights';
import { toast } from '../../app/toast';
import { useRefreshInsights } from './api';
import { updatedText } from './format';
import { useT } from './i18n';
import { useNow } from './use-now';

/** "Updated 5 minutes ago" and Refresh: figures are computed on a schedule, and on demand here. */
export function RefreshBar({ insights }: { insights: CourseInsights }) {
  const t = useT();
  const refresh = useRefreshInsights(insights.course.id);
  const now = useNow();
  const busy = insights.refreshing || refresh.isPending;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="insights-refresh">
      <Text size="sm" c="dimmed" aria-live="polite">
        {busy
          ? t('insights.refresh.updating')
          : insights.refreshedAt
            ? updatedText(insights.refreshedAt, now)
            : ''}
      </Text>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconRefresh size={16} />}
        loading={busy}
        onClick={() => refresh.mutate(undefined, { onError: (error) => toast('danger', error.message) })}
      >
        {t('insights.refresh.refresh')}
      </Button>
    </Group>
  );
}
