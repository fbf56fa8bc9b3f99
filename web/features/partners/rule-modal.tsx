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
import { useT } from './i18n';

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
  const t = useT();
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
      toast('success', partnerId ? t('partners.ruleForm.partnerSaved') : t('partners.ruleForm.defaultSaved'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fields);
      toast('danger', (error as Error).message);
    }
  });
  const useDefault = () =>
    modals.openConfirmModal({
      title: t('partners.ruleForm.useDefaultTitle'),
      children: <Text size="sm">{t('partners.ruleForm.useDefaultMessage')}</Text>,
      labels: { confirm: t('partners.ruleForm.useDefaultConfirm'), cancel: t('partners.cancel') },
      onConfirm: () =>
        void reset
          .mutateAsync()
          .then(() => {
            toast('success', t('partners.ruleForm.nowDefault'));
            onDone();
          })
          .catch((error: Error) => toast('danger', error.message)),
    });
  const planOptions = (plans.data?.plans ?? []).map((plan) => ({
    value: plan.id,
    label:
      plan.status === 'retired'
        ? t('partners.ruleForm.retiredPlan', { name: plan.name, audience: plan.audience })
        : `${plan.name} (${plan.audience})`,
  }));
  const preview = commissionRuleSchema.safeParse(toInput(form.values));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {partnerId && rule.isDefault && (
          <Alert color="blue" variant="light">
            {t('partners.ruleForm.followsDefault')}
          </Alert>
        )}
        <NumberInput
          clampBehavior="none"
          label={t('partners.ruleForm.percent')}
          description={t('partners.ruleForm.percentHint', { max: String(REFERRAL_LIMITS.percentMax) })}
          min={0}
          max={REFERRAL_LIMITS.percentMax}
          decimalScale={2}
          withAsterisk
          {...form.getInputProps('percent')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('partners.ruleForm.howLong')}
          </Text>
          <SegmentedControl
            aria-label={t('partners.ruleForm.howLong')}
            value={form.values.lifetime ? 'lifetime' : 'months'}
            onChange={(value) => form.setFieldValue('lifetime', value === 'lifetime')}
            data={[
              { value: 'months', label: t('partners.ruleForm.firstMonths') },
              { value: 'lifetime', label: t('partners.ruleForm.lifetime') },
            ]}
          />
          {!form.values.lifetime && (
            <NumberInput
              clampBehavior="none"
              label={t('partners.ruleForm.months')}
              description={t('partners.ruleForm.monthsHint', { max: String(REFERRAL_LIMITS.monthsMax) })}
              min={1}
              max={REFERRAL_LIMITS.monthsMax}
              allowDecimal={false}
              {...form.getInputProps('months')}
            />
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('partners.ruleForm.earnsOn')}
          </Text>
          <SegmentedControl
            aria-label={t('partners.ruleForm.earnsOn')}
            {...form.getInputProps('scope')}
            data={[
              { value: 'plans', label: t('partners.ruleForm.plans') },
              { value: 'courses', label: t('partners.ruleForm.courses') },
              { value: 'both', label: t('partners.ruleForm.both') },
            ]}
          />
        </Stack>
        {form.values.scope !== 'courses' && (
          <MultiSelect
            label={t('partners.ruleForm.onlyPlans')}
            description={t('partners.ruleForm.onlyPlansHint')}
            placeholder={form.values.planIds.length ? undefined : t('partners.ruleForm.everyPlan')}
            searchable
            clearable
            data={planOptions}
            disabled={plans.isPending}
            {...form.getInputProps('planIds')}
          />
        )}
        <NumberInput
          clampBehavior="none"
          label={t('partners.ruleForm.hold')}
          description={t('partners.ruleForm.holdHint', { max: String(REFERRAL_LIMITS.holdDaysMax) })}
          min={0}
          max={REFERRAL_LIMITS.holdDaysMax}
          allowDecimal={false}
          withAsterisk
          {...form.getInputProps('holdDays')}
        />
        {!partnerId && (
          <NumberInput
            clampBehavior="none"
            label={t('partners.ruleForm.window')}
            description={t('partners.ruleForm.windowHint', {
              min: String(REFERRAL_LIMITS.windowDaysMin),
              max: String(REFERRAL_LIMITS.windowDaysMax),
            })}
            min={REFERRAL_LIMITS.windowDaysMin}
            max={REFERRAL_LIMITS.windowDaysMax}
            allowDecimal={false}
            withAsterisk
            {...form.getInputProps('windowDays')}
          />
        )}
        {preview.success && (
          <Text size="sm" c="dimmed" data-testid="rule-preview">
            {describeRule(preview.data, t)}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap-reverse">
          {partnerId && !rule.isDefault ? (
            <Button variant="subtle" onClick={useDefault} loading={reset.isPending}>
              {t('partners.ruleForm.useDefault')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onDone}>
              {t('partners.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('partners.ruleForm.save')}
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
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={partnerId ? t('partners.ruleForm.partnerTitle') : t('partners.ruleForm.defaultTitle')}
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
  const t = useT();
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('partners.ruleForm.openDefault')}
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
