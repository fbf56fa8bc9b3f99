import { Badge } from '@mantine/core';
import type { MySubscription } from '../../../common/contracts/billing';

const STATUS: Record<MySubscription['status'], { label: string; color: string }> = {
  trial: { label: 'Free trial', color: 'blue' },
  active: { label: 'Active', color: 'green' },
  cancelled: { label: 'Cancels at period end', color: 'orange' },
  ended: { label: 'Ended', color: 'red' },
};

export function SubscriptionStatusBadge({ subscription }: { subscription: MySubscription }) {
  const status =
    subscription.status === 'active' && subscription.cancelAtPeriodEnd
      ? STATUS.cancelled
      : STATUS[subscription.status];
  return (
    <Badge color={status.color} variant="light" data-testid="subscription-status">
      {status.label}
    </Badge>
  );
}
