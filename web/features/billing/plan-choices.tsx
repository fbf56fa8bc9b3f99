import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { MySubscription, PublicPlan } from '../../../common/contracts/billing';
import { formatLimit, LIMIT_NAMES, usableLimitKeys } from '../../../common/plan-limits';
import { type BillingPeriod, isFreePlan, type PlanAudience } from '../../../common/plans';
import { formatDate } from '../../../common/time';
import { countOf } from '../../../common/words';
import { toast } from '../../app/toast';
import { useChangeSubscription, usePublicPlans } from './api';
import type { Checkout } from './checkout-dialog';
import { useGstDetails } from './gst-details';
import { buyerPrice, formatPlanPrice, PERIOD_LABELS, useBuyerCurrency } from './plan-price';

/** A paid period is running, so a cheaper plan waits for its end instead of being bought now. */
const isPaidAndRunning = (subscription: MySubscription | undefined) =>
  subscription !== undefined &&
  (subscription.status === 'active' || subscription.status === 'cancelled') &&
  subscription.amount !== null &&
  subscription.currency !== null &&
  subscription.billingPeriod !== null;

/** The plans of the caller's audience with a Monthly/Yearly switch, each with what it costs the buyer. */
export function PlanChoices(props: {
  audience: PlanAudience;
  subscription: MySubscription | undefined;
  checkout: Checkout;
}) {
  const { subscription, checkout } = props;
  const plans = usePublicPlans(props.audience);
  const currency = useBuyerCurrency();
  const [period, setPeriod] = useState<BillingPeriod>(subscription?.billingPeriod ?? 'monthly');
  const change = useChangeSubscription();
  const [chosen, setChosen] = useState<string | null>(null);
  const gst = useGstDetails();
  // Only the card being downgraded to shows a spinner, not every cheaper plan's button.
  const [downgrading, setDowngrading] = useState<string | null>(null);

  // The guru rule (decision 013): a downgrade below the gurus one has blocks editing until some are deleted.
  const extraGurus = (plan: PublicPlan) =>
    plan.limits.gurus === null ? 0 : Math.max(0, (subscription?.usage.gurus ?? 0) - plan.limits.gurus);

  const downgrade = (plan: PublicPlan) =>
    modals.openConfirmModal({
      title: `Downgrade to ${plan.name}?`,
      children: (
        <Text size="sm">
          You keep {subscription?.plan.name} until {formatDate(subscription?.currentPeriodEnd ?? null)};{' '}
          {plan.name} starts then. Anything above {plan.name}'s limits stays saved, but you cannot add more.
          {subscription?.cancelAtPeriodEnd &&
            ` This also undoes your cancellation: your account continues on ${plan.name} instead of ending.`}
          {extraGurus(plan) > 0 &&
            ` ${plan.name} allows ${countOf(plan.limits.gurus ?? 0, 'guru')} and you have ${subscription?.usage.gurus}: once it starts, you will need to delete ${extraGurus(plan)} before you can edit or train the others.`}
        </Text>
      ),
      labels: { confirm: `Downgrade to ${plan.name}`, cancel: 'Keep my plan' },
      onConfirm: () => {
        setDowngrading(plan.id);
        change.mutate(
          { action: 'downgrade', planId: plan.id },
          {
            onSuccess: () => toast('success', `${plan.name} starts at the end of this period`),
            onError: (error) => toast('danger', error.message),
          },
        );
      },
    });

  const paidPlans = plans.data?.filter((plan) => !isFreePlan(plan)) ?? [];
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          Plans
        </Title>
        <SegmentedControl
          aria-label="Billing period"
          value={period}
          onChange={(value) => setPeriod(value as BillingPeriod)}
          data={(['monthly', 'yearly'] as const).map((value) => ({ value, label: PERIOD_LABELS[value] }))}
        />
      </Group>
      {plans.isPending && <Skeleton h={240} />}
      {plans.isError && <Alert color="red">{plans.error.message}</Alert>}
      {plans.isSuccess && paidPlans.length === 0 && (
        <Text c="dimmed">No plans are on sale right now. Please check back soon or contact us.</Text>
      )}
      {paidPlans.length > 0 && gst.fields}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {paidPlans.map((plan) => {
          const price = buyerPrice(plan, currency, period);
          const isCurrent =
            isPaidAndRunning(subscription) &&
            subscription?.plan.id === plan.id &&
            subscription.billingPeriod === period;
          const currentPrice =
            subscription && isPaidAndRunning(subscription) && subscription.billingPeriod
              ? buyerPrice(plan, subscription.currency, subscription.billingPeriod)
              : null;
          const isCheaper =
            !isCurrent &&
            subscription?.plan.id !== plan.id &&
            currentPrice !== null &&
            currentPrice.currency === subscription?.currency &&
            currentPrice.amount < (subscription?.amount ?? 0);
          const isScheduled = subscription?.nextPlan?.id === plan.id;
          return (
            <Card key={plan.id} withBorder radius="md" padding="lg" data-testid="plan-card">
              <Stack h="100%" justify="space-between">
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Title order={3} size="h4">
                      {plan.name}
                    </Title>
                    {isCurrent && <Badge variant="light">Current plan</Badge>}
                    {isScheduled && (
                      <Badge variant="light" color="orange">
                        Starts {formatDate(subscription?.currentPeriodEnd ?? null)}
                      </Badge>
                    )}
                  </Group>
                  <Text fw={700} size="xl" data-testid="plan-price">
                    {price ? formatPlanPrice(price) : `Not offered ${PERIOD_LABELS[period].toLowerCase()}`}
                  </Text>
                  {plan.description && (
                    <Text size="sm" c="dimmed">
                      {plan.description}
                    </Text>
                  )}
                  <List size="sm" spacing={2}>
                    {usableLimitKeys(plan).map((key) => (
                      <List.Item key={key}>
                        {LIMIT_NAMES[key]}: {formatLimit(key, plan.limits[key])}
                      </List.Item>
                    ))}
                  </List>
                </Stack>
                {isCurrent ? null : isCheaper ? (
                  <Stack gap={4}>
                    <Button
                      variant="default"
                      onClick={() => downgrade(plan)}
                      loading={change.isPending && downgrading === plan.id}
                      disabled={isScheduled || change.isPending}
                    >
                      {isScheduled ? 'Downgrade scheduled' : `Downgrade to ${plan.name}`}
                    </Button>
                    <Text size="xs" c="dimmed">
                      Takes effect at the end of your current period.
                    </Text>
                  </Stack>
                ) : (
                  <Button
                    // A plan's name is the admin's: a long one wraps on a phone (the height follows) rather than
                    // being cut off.
                    h="auto"
                    mih={36}
                    py={6}
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } }}
                    disabled={!price || checkout.busy}
                    loading={checkout.busy && chosen === plan.id}
                    onClick={() => {
                      const tax = gst.input();
                      if ('problem' in tax) {
                        toast('danger', tax.problem);
                        return;
                      }
                      setChosen(plan.id);
                      checkout.start({
                        purpose: 'plan',
                        planId: plan.id,
                        period,
                        currency: price?.currency,
                        ...tax,
                      });
                    }}
                  >
                    Choose {plan.name}
                  </Button>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
