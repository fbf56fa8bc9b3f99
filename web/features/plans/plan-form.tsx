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
  PLAN_LIMIT_LABELS,
  PLAN_MODULE_LABELS,
  PLAN_MODULES,
  type PlanAudience,
} from '../../../common/plans';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { usePlanMutations } from './plan-api';

type FormValues = Omit<PlanInputValues, 'prices' | 'limits'> & {
  prices: { currency: string; period: string; amount: number | string }[];
  limits: Record<string, number | string | null>;
};

const CURRENCY_OPTIONS = PLAN_CURRENCIES.map((code) => ({ value: code, label: code }));
const PERIOD_OPTIONS = BILLING_PERIODS.map((period) => ({
  value: period,
  label: period === 'monthly' ? 'Monthly' : 'Yearly',
}));
const LEVELS: { value: AccessLevel; label: string }[] = [
  { value: 'NONE', label: 'None' },
  { value: 'PARTIAL', label: 'Partial' },
  { value: 'FULL', label: 'Full' },
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
      toast('success', props.plan ? 'Plan saved' : 'Plan created');
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
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput label="Trial days" allowDecimal={false} {...form.getInputProps('trialDays')} />
          <Select
            label="Base currency"
            searchable
            data={CURRENCY_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('baseCurrency')}
          />
        </SimpleGrid>

        <Title order={3} size="h5">
          Prices
        </Title>
        {form.values.prices.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
          <Group key={index} align="flex-start" wrap="nowrap" gap="xs" data-testid="price-row">
            <Select
              aria-label={`Currency of price ${index + 1}`}
              searchable
              data={CURRENCY_OPTIONS}
              allowDeselect={false}
              w={110}
              {...form.getInputProps(`prices.${index}.currency`)}
            />
            <Select
              aria-label={`Period of price ${index + 1}`}
              data={PERIOD_OPTIONS}
              allowDeselect={false}
              w={120}
              {...form.getInputProps(`prices.${index}.period`)}
            />
            <NumberInput
              aria-label={`Amount of price ${index + 1}`}
              decimalScale={2}
              style={{ flex: 1 }}
              {...form.getInputProps(`prices.${index}.amount`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              aria-label={`Remove price ${index + 1}`}
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
          Add price
        </Button>

        <Title order={3} size="h5">
          Limits
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {PLAN_LIMIT_KEYS.map((key) => {
            const value = form.values.limits[key];
            const unlimited = value === null;
            return (
              <Stack key={key} gap={4}>
                <NumberInput
                  label={PLAN_LIMIT_LABELS[key]}
                  allowDecimal={false}
                  disabled={unlimited}
                  placeholder={unlimited ? 'Unlimited' : undefined}
                  {...form.getInputProps(`limits.${key}`)}
                  value={unlimited ? '' : (value ?? '')}
                />
                <Checkbox
                  label="Unlimited"
                  aria-label={`${PLAN_LIMIT_LABELS[key]} unlimited`}
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
          Modules
        </Title>
        <Stack gap="xs">
          {PLAN_MODULES.map((module) => (
            <Group key={module} justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" id={`module-${module}`}>
                {PLAN_MODULE_LABELS[module]}
              </Text>
              <SegmentedControl
                aria-labelledby={`module-${module}`}
                size="xs"
                data={LEVELS}
                {...form.getInputProps(`modules.${module}`)}
              />
            </Group>
          ))}
        </Stack>

        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {props.plan ? 'Save plan' : 'Create plan'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
