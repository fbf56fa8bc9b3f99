import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import {
  type CommissionRuleInput,
  type CommissionRuleView,
  type CommissionScope,
  commissionRuleSchema,
  REFERRAL_LIMITS,
} from '../../../common/contracts/partners';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useAdminPlans } from '../plans';
import { useDefaultRule, useResetRule, useSaveRule } from './api';
import { describeRule } from './format';

interface RuleValues {
  percent: number | string;
  lifetime: boolean;
  months: number | string;
  scope: CommissionScope;
  planIds: string[];
  holdDays: number | string;
  windowDays: number | string;
}

const toValues = (rule: CommissionRuleView): RuleValues => ({
  percent: rule.percent,
  lifetime: rule.months === null,
  months: rule.months ?? 12,
  scope: rule.scope,
  planIds: rule.planIds,
  holdDays: rule.holdDays,
  windowDays: rule.windowDays,
});

// An emptied number field is '' in Mantine: sent as NaN, it fails the schema with its own message.
const asNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value));

const toInput = (values: RuleValues): CommissionRuleInput => ({
  percent: asNumber(values.percent),
  months: values.lifetime ? null : asNumber(values.months),
  scope: values.scope,
  planIds: values.scope === 'courses' ? [] : values.planIds,
  holdDays: asNumber(values.holdDays),
  windowDays: asNumber(values.windowDays),
});

const validateRule = zodValidate(commissionRuleSchema);

function RuleForm({
  rule,
  partnerId,
  onDone,
}: {
  rule: CommissionRuleView;
  partnerId: string | null;
  onDone: () => void;
}) {
  const save = useSaveRule(partnerId);
  const reset = useResetRule(partnerId ?? '');
  const plans = useAdminPlans();
  const form = useForm<RuleValues>({
    mode: 'controlled',
    initialValues: toValues(rule),
    validate: (values) => validateRule(toInput(values)),
    ...commitValidation(['lifetime', 'scope', 'planIds']),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(toInput(values));
      toast('success', partnerId ? "The partner's rule is saved" : 'The default rule is saved');
      onDone();
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fields);
      toast('danger', (error as Error).message);
    }
  });
  const useDefault = () =>
    modals.openConfirmModal({
      title: 'Use the default rule?',
      children: (
        <Text size="sm">
          This partner's own rule is dropped; commissions from now on follow the default rule.
        </Text>
      ),
      labels: { confirm: 'Use the default', cancel: 'Cancel' },
      onConfirm: () =>
        void reset
          .mutateAsync()
          .then(() => {
            toast('success', 'The partner now follows the default rule');
            onDone();
          })
          .catch((error: Error) => toast('danger', error.message)),
    });
  const planOptions = (plans.data?.plans ?? []).map((plan) => ({
    value: plan.id,
    label: `${plan.name} (${plan.audience})${plan.status === 'retired' ? ' — retired' : ''}`,
  }));
  const preview = commissionRuleSchema.safeParse(toInput(form.values));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {partnerId && rule.isDefault && (
          <Alert color="blue" variant="light">
            This partner follows the default rule. Saving gives them a rule of their own.
          </Alert>
        )}
        <NumberInput
          clampBehavior="none"
          label="Commission (%)"
          description={`Of each payment the referred customer makes (0–${REFERRAL_LIMITS.percentMax})`}
          min={0}
          max={REFERRAL_LIMITS.percentMax}
          decimalScale={2}
          withAsterisk
          {...form.getInputProps('percent')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            For how long
          </Text>
          <SegmentedControl
            aria-label="For how long"
            value={form.values.lifetime ? 'lifetime' : 'months'}
            onChange={(value) => form.setFieldValue('lifetime', value === 'lifetime')}
            data={[
              { value: 'months', label: 'First months' },
              { value: 'lifetime', label: 'Lifetime' },
            ]}
          />
          {!form.values.lifetime && (
            <NumberInput
              clampBehavior="none"
              label="Months"
              description={`Payments in the customer's first N months earn (1–${REFERRAL_LIMITS.monthsMax})`}
              min={1}
              max={REFERRAL_LIMITS.monthsMax}
              allowDecimal={false}
              {...form.getInputProps('months')}
            />
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Earns on
          </Text>
          <SegmentedControl
            aria-label="Earns on"
            {...form.getInputProps('scope')}
            data={[
              { value: 'plans', label: 'Plans' },
              { value: 'courses', label: 'Courses' },
              { value: 'both', label: 'Both' },
            ]}
          />
        </Stack>
        {form.values.scope !== 'courses' && (
          <MultiSelect
            label="Only these plans"
            description="Leave empty for every plan"
            placeholder={form.values.planIds.length ? undefined : 'Every plan'}
            searchable
            clearable
            data={planOptions}
            disabled={plans.isPending}
            {...form.getInputProps('planIds')}
          />
        )}
        <NumberInput
          clampBehavior="none"
          label="Hold (days)"
          description={`A commission becomes payable after this many days, 0–${REFERRAL_LIMITS.holdDaysMax} (refunds reverse it meanwhile)`}
          min={0}
          max={REFERRAL_LIMITS.holdDaysMax}
          allowDecimal={false}
          withAsterisk
          {...form.getInputProps('holdDays')}
        />
        {!partnerId && (
          <NumberInput
            clampBehavior="none"
            label="Attribution window (days)"
            description={`How long a click keeps the referral in the visitor's browser, ${REFERRAL_LIMITS.windowDaysMin}–${REFERRAL_LIMITS.windowDaysMax} days; applies to every partner`}
            min={REFERRAL_LIMITS.windowDaysMin}
            max={REFERRAL_LIMITS.windowDaysMax}
            allowDecimal={false}
            withAsterisk
            {...form.getInputProps('windowDays')}
          />
        )}
        {preview.success && (
          <Text size="sm" c="dimmed" data-testid="rule-preview">
            {describeRule(preview.data)}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap-reverse">
          {partnerId && !rule.isDefault ? (
            <Button variant="subtle" onClick={useDefault} loading={reset.isPending}>
              Use the default
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save rule
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Edits a commission rule: the default one (partnerId null, with the attribution window) or one partner's
 * own (its window is the default's). The partner's form starts from the rule in force for them.
 */
export function RuleModal({
  opened,
  onClose,
  partnerId,
  rule,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  partnerId: string | null;
  rule: CommissionRuleView | undefined;
  /** The rule could not be loaded: the server's reason instead of the form. */
  error?: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={partnerId ? "This partner's commission rule" : 'Default commission rule'}
      size="lg"
    >
      {error ? (
        <Alert color="red">{error}</Alert>
      ) : rule ? (
        <RuleForm rule={rule} partnerId={partnerId} onDone={onClose} />
      ) : (
        <Skeleton h={320} />
      )}
    </Modal>
  );
}

/** /partners: "Commission rule" opens the default rule, which every partner without their own follows. */
export function DefaultRuleButton() {
  const [opened, setOpened] = useState(false);
  const rule = useDefaultRule(opened);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Commission rule
      </Button>
      <RuleModal
        opened={opened}
        onClose={() => setOpened(false)}
        partnerId={null}
        rule={rule.data}
        error={rule.error?.message}
      />
    </>
  );
}
