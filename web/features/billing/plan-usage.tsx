import { Group, Progress, Stack, Text } from '@mantine/core';
import type { MySubscription } from '../../../common/contracts/billing';
import { usableLimitKeys } from '../../../common/plan-limits';
import { useLocale, useT } from './i18n';
import { limitName, limitValue } from './plan-price';

/**
 * Each limit the plan can use, in the units the pricing page uses ("20 GB"), with a usage bar where the
 * server reports what the account uses.
 */
export function PlanUsage({ subscription }: { subscription: MySubscription }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Stack gap="sm">
      {usableLimitKeys(subscription.plan).map((key) => {
        const limit = subscription.plan.limits[key];
        const used = subscription.usage[key];
        const label = limitName(key);
        const percent = limit && used !== undefined ? Math.min(100, Math.round((used / limit) * 100)) : null;
        return (
          <Stack key={key} gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{label}</Text>
              <Text size="sm" c="dimmed">
                {used !== undefined
                  ? t('billing.usage.of', {
                      used: limitValue(key, used, locale),
                      limit: limitValue(key, limit, locale),
                    })
                  : limitValue(key, limit, locale)}
              </Text>
            </Group>
            {percent !== null && (
              <Progress
                value={percent}
                color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : undefined}
                aria-label={t('billing.usage.aria', {
                  label,
                  used: limitValue(key, used ?? 0, locale),
                  limit: limitValue(key, limit, locale),
                })}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
