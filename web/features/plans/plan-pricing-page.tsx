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
import { formatLimit, usableLimitKeys } from '../../../common/plan-limits';
import type { PlanAudience } from '../../../common/plans';
import { useLocale } from '../../app/i18n';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { CurrencyRatesPanel } from '../billing';
import { useT } from './i18n';
import { useAdminPlans, usePlanMutations } from './plan-api';
import { PlanForm } from './plan-form';

type Editing = { plan: AdminPlan | null } | null;

function AdminPlanCard({ plan, onEdit }: { plan: AdminPlan; onEdit: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { setStatus } = usePlanMutations();
  const retired = plan.status === 'retired';
  const change = (action: 'retire' | 'restore') =>
    setStatus.mutate(
      { id: plan.id, action },
      {
        onSuccess: () =>
          toast('success', t(action === 'retire' ? 'plans.admin.retired' : 'plans.admin.restored')),
        onError: (error) => toast('danger', error.message),
      },
    );
  const confirmRetire = () =>
    confirmDestructive({
      title: t('plans.admin.retireTitle', { name: plan.name }),
      message: t('plans.admin.retireMessage', { count: plan.subscribers }),
      confirmLabel: t('plans.admin.retirePlan'),
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
            {t(retired ? 'plans.admin.statusRetired' : 'plans.admin.statusActive')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('plans.admin.summary', {
            count: plan.subscribers,
            days: String(plan.trialDays),
            currency: plan.baseCurrency,
          })}
        </Text>
        <Stack gap={2}>
          {plan.prices.map((price) => (
            <Text key={`${price.currency}-${price.period}`} size="sm">
              {t(price.period === 'monthly' ? 'plans.admin.perMonth' : 'plans.admin.perYear', {
                price: formatPrice(price.amount, price.currency, undefined, locale),
              })}
            </Text>
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          {usableLimitKeys(plan)
            .map(
              (key) =>
                `${t(`plans.limitName.${key}`)}: ${plan.limits[key] === null ? t('plans.unlimited') : formatLimit(key, plan.limits[key], locale)}`,
            )
            .join(' · ')}
        </Text>
        <Group mt="auto" gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={onEdit}
            aria-label={t('plans.admin.editTitle', { name: plan.name })}
          >
            {t('plans.admin.edit')}
          </Button>
          {retired ? (
            <Button size="xs" variant="light" onClick={() => change('restore')} loading={setStatus.isPending}>
              {t('plans.admin.restore')}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={confirmRetire}
              loading={setStatus.isPending}
            >
              {t('plans.admin.retire')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The admin's plan catalogue per audience: prices, limits and modules; create, edit, retire, restore. */
export default function PlanPricingPage() {
  const t = useT();
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
            {t('plans.admin.title')}
          </Title>
          {!showRates && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ plan: null })}>
              {t('plans.admin.createPlan')}
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
            <Tabs.Tab value="teacher">{t('plans.admin.teacherPlans')}</Tabs.Tab>
            <Tabs.Tab value="institute">{t('plans.admin.institutePlans')}</Tabs.Tab>
            <Tabs.Tab value="rates">{t('plans.admin.exchangeRates')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {showRates && <CurrencyRatesPanel />}
        {!showRates && plans.isPending && (
          <Center py="xl">
            <Loader aria-label={t('plans.loading')} />
          </Center>
        )}
        {!showRates && plans.isError && (
          <Text c="red">{t('plans.admin.failed', { error: plans.error.message })}</Text>
        )}
        {!showRates && plans.isSuccess && list.length === 0 && (
          <Text c="dimmed">
            {t(audience === 'teacher' ? 'plans.admin.emptyTeacher' : 'plans.admin.emptyInstitute')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {(showRates ? [] : list).map((plan) => (
            <AdminPlanCard key={plan.id} plan={plan} onEdit={() => setEditing({ plan })} />
          ))}
        </SimpleGrid>
      </Stack>
      <Drawer
        closeButtonProps={{ 'aria-label': t('plans.admin.close') }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="lg"
        title={
          editing?.plan
            ? t('plans.admin.editTitle', { name: editing.plan.name })
            : t(audience === 'teacher' ? 'plans.admin.createTeacher' : 'plans.admin.createInstitute')
        }
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
