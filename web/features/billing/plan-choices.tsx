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
import { usableLimitKeys } from '../../../common/plan-limits';
import { type BillingPeriod, isFreePlan, type PlanAudience } from '../../../common/plans';
import { formatDate } from '../../../common/time';
import { toast } from '../../app/toast';
import { useChangeSubscription, usePublicPlans } from './api';
import type { Checkout } from './checkout-dialog';
import { useGstDetails } from './gst-details';
import { useLocale, useT } from './i18n';
import {
  buyerPrice,
  formatPlanPrice,
  limitName,
  limitValue,
  NOT_OFFERED_KEYS,
  PERIOD_LABEL_KEYS,
  useBuyerCurrency,
} from './plan-price';

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
  const t = useT();
  const locale = useLocale();
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
      title: t('billing.downgrade.title', { plan: plan.name }),
      children: (
        <Text size="sm">
          {t('billing.downgrade.body', {
            current: subscription?.plan.name ?? '',
            date: formatDate(subscription?.currentPeriodEnd ?? null, { locale }),
            plan: plan.name,
          })}
          {subscription?.cancelAtPeriodEnd && ` ${t('billing.downgrade.undoesCancel', { plan: plan.name })}`}
          {extraGurus(plan) > 0 &&
            ` ${t('billing.downgrade.extraGurus', {
              plan: plan.name,
              gurus: plan.limits.gurus ?? 0,
              have: subscription?.usage.gurus ?? 0,
              extra: extraGurus(plan),
            })}`}
        </Text>
      ),
      labels: {
        confirm: t('billing.choices.downgradeTo', { plan: plan.name }),
        cancel: t('billing.downgrade.keep'),
      },
      onConfirm: () => {
        setDowngrading(plan.id);
        change.mutate(
          { action: 'downgrade', planId: plan.id },
          {
            onSuccess: () => toast('success', t('billing.downgrade.starts', { plan: plan.name })),
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
          {t('billing.choices.title')}
        </Title>
        <SegmentedControl
          aria-label={t('billing.choices.period')}
          value={period}
          onChange={(value) => setPeriod(value as BillingPeriod)}
          data={(['monthly', 'yearly'] as const).map((value) => ({
            value,
            label: t(PERIOD_LABEL_KEYS[value]),
          }))}
        />
      </Group>
      {plans.isPending && <Skeleton h={240} />}
      {plans.isError && <Alert color="red">{plans.error.message}</Alert>}
      {plans.isSuccess && paidPlans.length === 0 && <Text c="dimmed">{t('billing.choices.none')}</Text>}
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
                    {isCurrent && <Badge variant="light">{t('billing.choices.current')}</Badge>}
                    {isScheduled && (
                      <Badge variant="light" color="orange">
                        {t('billing.choices.starts', {
                          date: formatDate(subscription?.currentPeriodEnd ?? null, { locale }),
                        })}
                      </Badge>
                    )}
                  </Group>
                  <Text fw={700} size="xl" data-testid="plan-price">
                    {price ? formatPlanPrice(price, locale) : t(NOT_OFFERED_KEYS[period])}
                  </Text>
                  {plan.description && (
                    <Text size="sm" c="dimmed">
                      {plan.description}
                    </Text>
                  )}
                  <List size="sm" spacing={2}>
                    {usableLimitKeys(plan).map((key) => (
                      <List.Item key={key}>
                        {limitName(key)}: {limitValue(key, plan.limits[key], locale)}
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
                      {isScheduled
                        ? t('billing.choices.downgradeScheduled')
                        : t('billing.choices.downgradeTo', { plan: plan.name })}
                    </Button>
                    <Text size="xs" c="dimmed">
                      {t('billing.choices.takesEffect')}
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
                    {t('billing.choices.choose', { plan: plan.name })}
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
