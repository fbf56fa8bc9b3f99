import {
  Badge,
  Button,
  Card,
  Center,
  Container,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { AdminPlan } from '../../../common/contracts/billing';
import { formatPrice } from '../../../common/money';
import { formatLimit, LIMIT_NAMES, usableLimitKeys } from '../../../common/plan-limits';
import type { PlanAudience } from '../../../common/plans';
import { countOf } from '../../../common/words';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { CurrencyRatesPanel } from '../billing';
import { useAdminPlans, usePlanMutations } from './plan-api';
import { PlanForm } from './plan-form';

type Editing = { plan: AdminPlan | null } | null;

function AdminPlanCard({ plan, onEdit }: { plan: AdminPlan; onEdit: () => void }) {
  const { setStatus } = usePlanMutations();
  const retired = plan.status === 'retired';
  const change = (action: 'retire' | 'restore') =>
    setStatus.mutate(
      { id: plan.id, action },
      {
        onSuccess: () => toast('success', action === 'retire' ? 'Plan retired' : 'Plan restored'),
        onError: (error) => toast('danger', error.message),
      },
    );
  const confirmRetire = () =>
    confirmDestructive({
      title: `Retire ${plan.name}?`,
      message: `The plan will no longer be sold or shown on the pricing page. Its ${countOf(plan.subscribers, 'current subscriber')} keep it until their period ends. You can restore it later.`,
      confirmLabel: 'Retire plan',
      onConfirm: () => change('retire'),
    });
  return (
    <Card withBorder padding="md" data-testid="admin-plan-card" aria-label={plan.name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {plan.name}
          </Title>
          <Badge color={retired ? 'gray' : 'green'} variant="light">
            {retired ? 'Retired' : 'Active'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {countOf(plan.subscribers, 'subscriber')} · {plan.trialDays}-day trial · base {plan.baseCurrency}
        </Text>
        <Stack gap={2}>
          {plan.prices.map((price) => (
            <Text key={`${price.currency}-${price.period}`} size="sm">
              {formatPrice(price.amount, price.currency)} / {price.period === 'monthly' ? 'month' : 'year'}
            </Text>
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          {usableLimitKeys(plan)
            .map((key) => `${LIMIT_NAMES[key]}: ${formatLimit(key, plan.limits[key])}`)
            .join(' · ')}
        </Text>
        <Group mt="auto" gap="xs">
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${plan.name}`}>
            Edit
          </Button>
          {retired ? (
            <Button size="xs" variant="light" onClick={() => change('restore')} loading={setStatus.isPending}>
              Restore
            </Button>
          ) : (
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={confirmRetire}
              loading={setStatus.isPending}
            >
              Retire
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The admin's plan catalogue per audience: prices, limits and modules; create, edit, retire, restore. */
export default function PlanPricingPage() {
  const [audience, setAudience] = useState<PlanAudience>('teacher');
  // The third tab edits the exchange rates prices are converted with.
  const [showRates, setShowRates] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const plans = useAdminPlans();
  const list = (plans.data?.plans ?? []).filter((plan) => plan.audience === audience);
  return (
    <Container size="lg" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            Plan pricing
          </Title>
          {!showRates && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ plan: null })}>
              Create plan
            </Button>
          )}
        </Group>
        <Tabs
          value={showRates ? 'rates' : audience}
          onChange={(value) => {
            setShowRates(value === 'rates');
            if (value === 'teacher' || value === 'institute') setAudience(value);
          }}
        >
          <Tabs.List>
            <Tabs.Tab value="teacher">Teacher plans</Tabs.Tab>
            <Tabs.Tab value="institute">Institute plans</Tabs.Tab>
            <Tabs.Tab value="rates">Exchange rates</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {showRates && <CurrencyRatesPanel />}
        {!showRates && plans.isPending && (
          <Center py="xl">
            <Loader aria-label="Loading plans" />
          </Center>
        )}
        {!showRates && plans.isError && <Text c="red">Could not load the plans: {plans.error.message}</Text>}
        {!showRates && plans.isSuccess && list.length === 0 && (
          <Text c="dimmed">No {audience} plans yet. Create one to start selling.</Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {(showRates ? [] : list).map((plan) => (
            <AdminPlanCard key={plan.id} plan={plan} onEdit={() => setEditing({ plan })} />
          ))}
        </SimpleGrid>
      </Stack>
      <Drawer
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="lg"
        title={editing?.plan ? `Edit ${editing.plan.name}` : `Create a ${audience} plan`}
      >
        {editing && (
          <PlanForm
            key={editing.plan?.id ?? 'new'}
            plan={editing.plan}
            audience={audience}
            onDone={() => setEditing(null)}
          />
        )}
      </Drawer>
    </Container>
  );
}
