import { Group, Progress, Stack, Text } from '@mantine/core';
import type { MySubscription } from '../../../common/contracts/billing';
import { PLAN_LIMIT_KEYS, PLAN_LIMIT_LABELS } from '../../../common/plans';
import { formatCount } from '../../../common/words';
import { limitText } from '../plans';

/** Each limit of the plan, with a usage bar where the server reports what the account uses. */
export function PlanUsage({ subscription }: { subscription: MySubscription }) {
  return (
    <Stack gap="sm">
      {PLAN_LIMIT_KEYS.map((key) => {
        const limit = subscription.plan.limits[key];
        const used = subscription.usage[key];
        const label = PLAN_LIMIT_LABELS[key];
        const percent = limit && used !== undefined ? Math.min(100, Math.round((used / limit) * 100)) : null;
        return (
          <Stack key={key} gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{label}</Text>
              <Text size="sm" c="dimmed">
                {used !== undefined ? `${formatCount(used)} of ` : ''}
                {limitText(limit)}
              </Text>
            </Group>
            {percent !== null && (
              <Progress
                value={percent}
                color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : undefined}
                aria-label={`${label}: ${used} of ${limit} used`}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
