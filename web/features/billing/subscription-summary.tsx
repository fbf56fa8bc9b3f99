import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MySubscription } from '../../../common/contracts/billing';
import { formatPrice } from '../../../common/money';
import { formatDate } from '../../../common/time';
import { countOf } from '../../../common/words';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { useChangeSubscription } from './api';
import { PERIOD_LABELS } from './plan-price';
import { PlanUsage } from './plan-usage';
import { SubscriptionStatusBadge } from './subscription-status-badge';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </Stack>
  );
}

/** The current subscription: plan, status, dates, price, limits with usage, and cancel/resume. */
export function SubscriptionSummary({ subscription }: { subscription: MySubscription }) {
  const change = useChangeSubscription();
  const isPaid = subscription.status === 'active' || subscription.status === 'cancelled';
  const cancelling = subscription.cancelAtPeriodEnd || subscription.status === 'cancelled';
  const periodEnd = formatDate(subscription.currentPeriodEnd);
  const onError = (error: Error) => toast('danger', error.message);

  const confirmCancel = () =>
    confirmDestructive({
      title: 'Cancel your subscription?',
      message: `${subscription.plan.name} stays active until ${periodEnd}. After that your account is paused until you choose a plan again; nothing you built is deleted.`,
      confirmLabel: 'Cancel at period end',
      cancelLabel: 'Keep my plan',
      onConfirm: () =>
        change.mutate(
          { action: 'cancel' },
          { onSuccess: () => toast('success', `Your plan ends on ${periodEnd}`), onError },
        ),
    });
  const resume = () =>
    change.mutate(
      { action: 'resume' },
      { onSuccess: () => toast('success', 'Your plan continues'), onError },
    );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h3" data-testid="current-plan-name">
              {subscription.plan.name}
            </Title>
            <SubscriptionStatusBadge subscription={subscription} />
          </Group>
          {isPaid &&
            (cancelling || subscription.nextPlan ? (
              <Button variant="default" onClick={resume} loading={change.isPending}>
                {cancelling ? 'Resume my plan' : 'Keep my current plan'}
              </Button>
            ) : (
              <Button variant="subtle" color="red" onClick={confirmCancel} loading={change.isPending}>
                Cancel at period end
              </Button>
            ))}
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {subscription.status === 'trial' ? (
            <>
              <Fact
                label="Trial"
                value={
                  subscription.remainingTrialDays === null
                    ? '—'
                    : `${countOf(subscription.remainingTrialDays, 'Day')} Remaining`
                }
              />
              <Fact label="Trial ends" value={formatDate(subscription.trialEndsAt)} />
            </>
          ) : (
            <>
              <Fact label="Period starts" value={formatDate(subscription.currentPeriodStart)} />
              <Fact label={cancelling ? 'Ends on' : 'Renews on'} value={periodEnd} />
            </>
          )}
          {subscription.amount !== null && subscription.currency && (
            <Fact label="Price" value={formatPrice(subscription.amount, subscription.currency)} />
          )}
          {subscription.billingPeriod && (
            <Fact label="Billing" value={PERIOD_LABELS[subscription.billingPeriod]} />
          )}
        </SimpleGrid>

        {subscription.status === 'ended' && (
          <Alert color="red">This plan has ended. Choose a plan below to get back to your work.</Alert>
        )}
        {cancelling && subscription.status !== 'ended' && (
          <Alert color="orange">
            Your plan will not renew: it ends on {periodEnd}. Resume it to keep going without a break.
          </Alert>
        )}
        {subscription.nextPlan && !cancelling && (
          <Alert color="blue" data-testid="pending-downgrade">
            You move to {subscription.nextPlan.name} on {periodEnd}. Until then you keep{' '}
            {subscription.plan.name}.
          </Alert>
        )}

        <Title order={3} size="h5">
          Limits
        </Title>
        <PlanUsage subscription={subscription} />
      </Stack>
    </Card>
  );
}
