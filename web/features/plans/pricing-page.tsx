import {
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  List,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PublicPlan } from '../../../common/contracts/billing';
import { type BillingPeriod, isFreePlan, type PlanAudience } from '../../../common/plans';
import { useCurrencyRates, useCurrentCountry } from '../../app/currency';
import { useLocale } from '../../app/i18n';
import { useT } from './i18n';
import { usePublicPlans } from './plan-api';
import { planFeatures } from './plan-features';
import { priceForVisitor } from './plan-price';

const PER: Record<BillingPeriod, string> = {
  monthly: 'plans.pricing.perMonth',
  yearly: 'plans.pricing.perYear',
};
const NOT_OFFERED: Record<BillingPeriod, string> = {
  monthly: 'plans.pricing.notMonthly',
  yearly: 'plans.pricing.notYearly',
};

function PlanCard({ plan, period, currency }: { plan: PublicPlan; period: BillingPeriod; currency: string }) {
  const t = useT();
  const locale = useLocale();
  const rates = useCurrencyRates();
  const free = isFreePlan(plan);
  const price = free ? null : priceForVisitor(plan, period, currency, rates.data ?? {}, locale);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="plan-card" aria-label={plan.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {plan.name}
          </Title>
          {/* The free plan is itself the trial: the badge belongs to paid plans that start with free days. */}
          {!free && plan.trialDays > 0 && (
            <Badge variant="light">{t('plans.pricing.trialBadge', { days: String(plan.trialDays) })}</Badge>
          )}
        </Group>
        {plan.description && (
          <Text size="sm" c="dimmed">
            {plan.description}
          </Text>
        )}
        <Group gap={6} align="baseline" data-testid="plan-price">
          {free ? (
            <Text fz={30} fw={700}>
              {t('plans.free')}
            </Text>
          ) : price ? (
            <>
              <Text fz={30} fw={700}>
                {price.approximate ? `≈ ${price.text}` : price.text}
              </Text>
              <Text c="dimmed">{t(PER[period])}</Text>
            </>
          ) : (
            <Text c="dimmed">{t(NOT_OFFERED[period])}</Text>
          )}
        </Group>
        {price?.approximate && (
          <Text size="xs" c="dimmed">
            {t('plans.pricing.converted', { currency: plan.baseCurrency })}
          </Text>
        )}
        <List spacing={6} size="sm" center data-testid="plan-features">
          {planFeatures(plan, t, locale).map((feature) => (
            <List.Item
              key={feature.key}
              icon={
                feature.included ? (
                  <IconCheck size={16} color="var(--mantine-color-teal-filled)" aria-hidden />
                ) : (
                  <IconMinus size={16} aria-hidden />
                )
              }
            >
              <Text span size="sm" c={feature.included ? undefined : 'dimmed'}>
                {feature.text}
              </Text>
            </List.Item>
          ))}
        </List>
        <Button component={Link} to="/sign-up" mt="auto" fullWidth>
          {t('plans.pricing.startTrial')}
        </Button>
      </Stack>
    </Card>
  );
}

/** Public pricing: the plans on sale for teachers or institutes, in the visitor's currency. */
export default function PricingPage() {
  const t = useT();
  const [audience, setAudience] = useState<PlanAudience>('teacher');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const plans = usePublicPlans(audience);
  const country = useCurrentCountry();
  const currency = country.data?.currency ?? 'INR';
  const list = plans.data?.plans ?? [];
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4} align="center" ta="center">
          <Title order={1}>{t('plans.pricing.title')}</Title>
          <Text c="dimmed">{t('plans.pricing.lead')}</Text>
        </Stack>
        <Group justify="center" gap="md">
          <SegmentedControl
            aria-label={t('plans.pricing.audience')}
            value={audience}
            onChange={(value) => setAudience(value as PlanAudience)}
            data={[
              { value: 'teacher', label: t('plans.pricing.teacher') },
              { value: 'institute', label: t('plans.pricing.institute') },
            ]}
          />
          <SegmentedControl
            aria-label={t('plans.pricing.period')}
            value={period}
            onChange={(value) => setPeriod(value as BillingPeriod)}
            data={[
              { value: 'monthly', label: t('plans.monthly') },
              { value: 'yearly', label: t('plans.yearly') },
            ]}
          />
        </Group>
        {plans.isPending && (
          <Center py="xl">
            <Loader aria-label={t('plans.loading')} />
          </Center>
        )}
        {plans.isError && (
          <Text c="red" ta="center">
            {t('plans.pricing.failed')}
          </Text>
        )}
        {plans.isSuccess && list.length === 0 && (
          <Text c="dimmed" ta="center">
            {t('plans.pricing.empty')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {list.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} currency={currency} />
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
