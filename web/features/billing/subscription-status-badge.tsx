import { Badge } from '@mantine/core';
import type { MySubscription } from '../../../common/contracts/billing';
import { useT } from './i18n';

const STATUS: Record<MySubscription['status'], { labelKey: string; color: string }> = {
  trial: { labelKey: 'billing.status.trial', color: 'blue' },
  active: { labelKey: 'billing.status.active', color: 'green' },
  cancelled: { labelKey: 'billing.status.cancelled', color: 'orange' },
  ended: { labelKey: 'billing.status.ended', color: 'red' },
};

export function SubscriptionStatusBadge({ subscription }: { subscription: MySubscription }) {
  const t = useT();
  const status =
    subscription.status === 'active' && subscription.cancelAtPeriodEnd
      ? STATUS.cancelled
      : STATUS[subscription.status];
  return (
    <Badge color={status.color} variant="light" data-testid="subscription-status">
      {t(status.labelKey)}
    </Badge>
  );
}
