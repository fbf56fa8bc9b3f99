import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { AdminPlan } from '../../../common/contracts/billing';
import { PLAN_CURRENCIES, type PlanInputValues, planInputSchema } from '../../../common/contracts/plans';
import {
  type AccessLevel,
  BILLING_PERIODS,
  PLAN_LIMIT_KEYS,
  PLAN_MODULES,
  type PlanAudience,
} from '../../../common/plans';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { registerModuleTranslations } from '../../app/module-translations';
import { toast } from '../../app/toast';
import { useT } from './i18n';
import { usePlanMutations } from './plan-api';

// The plan editor's messages (PLAN_MSG) in the reader's language; registered here, not with the feature's catalogs,
// so /pricing, which shares them, does not carry it (decision 070).
registerModuleTranslations();

type FormValues = Omit<PlanInputValues, 'prices' | 'limits'> & {
  prices: { currency: string; period: string; amount: number | string }[];
  limits: Record<string, number | string | null>;
};

const CURRENCY_OPTIONS = PLAN_CURRENCIES.map((code) => ({ value: code, label: code }));
const PERIOD_KEYS = BILLING_PERIODS.map((period) => ({
  value: period,
  labelKey: period === 'monthly' ? 'plans.monthly' : 'plans.yearly',
}));
const LEVEL_KEYS: { value: AccessLevel; labelKey: string }[] = [
  { value: 'NONE', labelKey: 'plans.form.levelNone' },
  { value: 'PARTIAL', labelKey: 'plans.form.levelPartial' },
  { value: 'FULL', labelKey: 'plans.form.levelFull' },
];

function initialValues(plan: AdminPlan | null, audience: PlanAudience): FormValues {
  if (plan) {
    return {
      name: plan.name,
      description: plan.description,
      audience: plan.audience,
      trialDays: plan.trialDays,
      baseCurrency: plan.baseCurrency,
      prices: plan.prices.map((price) => ({ ...price })),
      limits: { ...plan.limits },
      modules: { ...plan.modules },
    };
  }
  return {
    name: '',
    description: '',
    audience,
    trialDays: 14,
    baseCurrency: 'INR',
    prices: [{ currency: 'INR', period: 'monthly', amount: '' }],
    limits: Object.fromEntries(PLAN_LIMIT_KEYS.map((key) => [key, null])),
    modules: Object.fromEntries(PLAN_MODULES.map((module) => [module, 'FULL'])) as FormValues['modules'],
  };
}

/** The selects and segmented controls, checked as soon as they change; typed fields are checked on blur. */
const CHOICES = [
  'baseCurrency',
  'prices.*.currency',
  'prices.*.period',
  ...PLAN_MODULES.map((module) => `modules.${module}`),
];

/** Create or edit a plan: details, prices per currency and period, limits and module access. */
export function PlanForm(props: { plan: AdminPlan | null; audience: PlanAudience; onDone: () => void }) {
  const t = useT();
  const periodOptions = PERIOD_KEYS.map(({ value, labelKey }) => ({ value, label: t(labelKey) }));
  const levels = LEVEL_KEYS.map(({ value, labelKey }) => ({ value, label: t(labelKey) }));
  const { save } = usePlanMutations();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(props.plan, props.audience),
    validate: zodValidate(planInputSchema),
    ...commitValidation(CHOICES),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: props.plan?.id ?? null, input: values as PlanInputValues });
      toast('success', t(props.plan ? 'plans.form.saved' : 'plans.form.created'));
      props.onDone();
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fields);
      if (error instanceof Error) toast('danger', error.message);
    }
  });
  const pricesError = form.errors.prices;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('plans.form.name')} withAsterisk {...form.getInputProps('name')} />
        <Textarea
          label={t('plans.form.description')}
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label={t('plans.form.trialDays')}
            allowDecimal={false}
            {...form.getInputProps('trialDays')}
          />
          <Select
            label={t('plans.form.baseCurrency')}
            searchable
            data={CURRENCY_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('baseCurrency')}
          />
        </SimpleGrid>

        <Title order={3} size="h5">
          {t('plans.form.prices')}
        </Title>
        {form.values.prices.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
          <Group key={index} align="flex-start" wrap="nowrap" gap="xs" data-testid="price-row">
            <Select
              aria-label={t('plans.form.currencyOf', { n: index + 1 })}
              searchable
              data={CURRENCY_OPTIONS}
              allowDeselect={false}
              w={110}
              {...form.getInputProps(`prices.${index}.currency`)}
            />
            <Select
              aria-label={t('plans.form.periodOf', { n: index + 1 })}
              data={periodOptions}
              allowDeselect={false}
              w={120}
              {...form.getInputProps(`prices.${index}.period`)}
            />
            <NumberInput
              aria-label={t('plans.form.amountOf', { n: index + 1 })}
              decimalScale={2}
              style={{ flex: 1 }}
              {...form.getInputProps(`prices.${index}.amount`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              aria-label={t('plans.form.removePrice', { n: index + 1 })}
              disabled={form.values.prices.length === 1}
              onClick={() => form.removeListItem('prices', index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        {pricesError && (
          <Text c="red" size="sm" role="alert">
            {pricesError}
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            form.insertListItem('prices', {
              currency: form.values.baseCurrency,
              period: 'yearly',
              amount: '',
            })
          }
          w="fit-content"
        >
          {t('plans.form.addPrice')}
        </Button>

        <Title order={3} size="h5">
          {t('plans.form.limits')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {PLAN_LIMIT_KEYS.map((key) => {
            const value = form.values.limits[key];
            const unlimited = value === null;
            const label = t(`plans.form.limit.${key}`);
            return (
              <Stack key={key} gap={4}>
                <NumberInput
                  label={label}
                  allowDecimal={false}
                  disabled={unlimited}
                  placeholder={unlimited ? t('plans.unlimited') : undefined}
                  {...form.getInputProps(`limits.${key}`)}
                  value={unlimited ? '' : (value ?? '')}
                />
                <Checkbox
                  label={t('plans.unlimited')}
                  aria-label={t('plans.form.limitUnlimited', { limit: label })}
                  checked={unlimited}
                  onChange={(event) =>
                    form.setFieldValue(`limits.${key}`, event.currentTarget.checked ? null : 0)
                  }
                />
              </Stack>
            );
          })}
        </SimpleGrid>

        <Title order={3} size="h5">
          {t('plans.form.modules')}
        </Title>
        <Stack gap="xs">
          {PLAN_MODULES.map((module) => (
            <Group key={module} justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" id={`module-${module}`}>
                {t(`plans.module.${module}`)}
              </Text>
              <SegmentedControl
                aria-labelledby={`module-${module}`}
                size="xs"
                data={levels}
                {...form.getInputProps(`modules.${module}`)}
              />
            </Group>
          ))}
        </Stack>

        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            {t('plans.form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(props.plan ? 'plans.form.save' : 'plans.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
