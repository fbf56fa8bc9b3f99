import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MySubscription } from '../../../common/contracts/billing';
import { formatPrice } from '../../../common/money';
import { formatDate } from '../../../common/time';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { useChangeSubscription } from './api';
import { useLocale, useT } from './i18n';
import { PERIOD_LABEL_KEYS } from './plan-price';
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
  const t = useT();
  const locale = useLocale();
  const change = useChangeSubscription();
  const isPaid = subscription.status === 'active' || subscription.status === 'cancelled';
  const cancelling = subscription.cancelAtPeriodEnd || subscription.status === 'cancelled';
  const periodEnd = formatDate(subscription.currentPeriodEnd, { locale });
  const onError = (error: Error) => toast('danger', error.message);

  const confirmCancel = () =>
    confirmDestructive({
      title: t('billing.summary.cancelTitle'),
      message: t('billing.summary.cancelMessage', { plan: subscription.plan.name, date: periodEnd }),
      confirmLabel: t('billing.summary.cancelAtPeriodEnd'),
      cancelLabel: t('billing.summary.keepMyPlan'),
      onConfirm: () =>
        change.mutate(
          { action: 'cancel' },
          {
            onSuccess: () => toast('success', t('billing.summary.endsOnToast', { date: periodEnd })),
            onError,
          },
        ),
    });
  const resume = () =>
    change.mutate(
      { action: 'resume' },
      { onSuccess: () => toast('success', t('billing.summary.continues')), onError },
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
                {t(cancelling ? 'billing.summary.resume' : 'billing.summary.keepCurrent')}
              </Button>
            ) : (
              <Button variant="subtle" color="red" onClick={confirmCancel} loading={change.isPending}>
                {t('billing.summary.cancelAtPeriodEnd')}
              </Button>
            ))}
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {subscription.status === 'trial' ? (
            <>
              <Fact
                label={t('billing.summary.trial')}
                value={
                  subscription.remainingTrialDays === null
                    ? '—'
                    : t('shell.trialDays', { days: subscription.remainingTrialDays })
                }
              />
              <Fact
                label={t('billing.summary.trialEnds')}
                value={formatDate(subscription.trialEndsAt, { locale })}
              />
            </>
          ) : (
            <>
              <Fact
                label={t('billing.summary.periodStarts')}
                value={formatDate(subscription.currentPeriodStart, { locale })}
              />
              <Fact
                label={t(cancelling ? 'billing.summary.endsOn' : 'billing.summary.renewsOn')}
                value={periodEnd}
              />
            </>
          )}
          {subscription.amount !== null && subscription.currency && (
            <Fact
              label={t('billing.summary.price')}
              value={formatPrice(subscription.amount, subscription.currency, undefined, locale)}
            />
          )}
          {subscription.billingPeriod && (
            <Fact
              label={t('billing.summary.billing')}
              value={t(PERIOD_LABEL_KEYS[subscription.billingPeriod])}
            />
          )}
        </SimpleGrid>

        {subscription.status === 'ended' && <Alert color="red">{t('billing.summary.ended')}</Alert>}
        {cancelling && subscription.status !== 'ended' && (
          <Alert color="orange">{t('billing.summary.notRenewing', { date: periodEnd })}</Alert>
        )}
        {subscription.nextPlan && !cancelling && (
          <Alert color="blue" data-testid="pending-downgrade">
            {t('billing.summary.moving', {
              next: subscription.nextPlan.name,
              date: periodEnd,
              plan: subscription.plan.name,
            })}
          </Alert>
        )}

        <Title order={3} size="h5">
          {t('billing.summary.limits')}
        </Title>
        <PlanUsage subscription={subscription} />
      </Stack>
    </Card>
  );
}
