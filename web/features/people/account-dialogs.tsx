import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { z } from 'zod';
import {
  deactivateSchema,
  eraseSchema,
  extendTrialSchema,
  grantPlanSchema,
  type PersonRow,
  reactivateSchema,
} from '../../../common/contracts/people';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { useAdminPlans } from '../plans';
import { type AdminAction, useAdminAction } from './api';
import { useT } from './i18n';

type Target = Pick<PersonRow, 'id' | 'fullName' | 'email' | 'userType'>;

// Each action's texts: people.dialog.title.<action> (the dialog), .submit.<action> (its button), .done.<action>.

/**
 * The admin's account actions as dialogs, each asking before it acts (the reason for a deactivation, the
 * days of a trial, the e-mail typed for an erasure). `open(kind, person)` shows one; render `dialog` once.
 */
export function useAccountDialogs(onDone?: (kind: AdminAction) => void) {
  const t = useT();
  const [state, setState] = useState<{ kind: AdminAction; target: Target } | null>(null);
  const close = () => setState(null);
  const dialog = state ? (
    <Modal opened onClose={close} title={t(`people.dialog.title.${state.kind}`)} centered>
      <ActionForm
        key={`${state.kind}-${state.target.id}`}
        kind={state.kind}
        target={state.target}
        onCancel={close}
        onDone={() => {
          toast('success', t(`people.dialog.done.${state.kind}`));
          onDone?.(state.kind);
          close();
        }}
      />
    </Modal>
  ) : null;
  return { open: (kind: AdminAction, target: Target) => setState({ kind, target }), dialog };
}

interface ActionValues {
  reason: string;
  days: number | string;
  planId: string | null;
  confirmEmail: string;
}

/** The shared schema each action's body is checked with, here as on the server. */
const SCHEMAS: Partial<Record<AdminAction, z.ZodType>> = {
  deactivate: deactivateSchema,
  reactivate: reactivateSchema,
  'extend-trial': extendTrialSchema,
  'grant-plan': grantPlanSchema,
  erase: eraseSchema,
};

function bodyOf(kind: AdminAction, values: ActionValues): Record<string, unknown> {
  if (kind === 'deactivate') return { reason: values.reason };
  if (kind === 'reactivate') return values.reason.trim() ? { reason: values.reason } : {};
  if (kind === 'extend-trial') return { days: values.days };
  if (kind === 'grant-plan') return { planId: values.planId, days: values.days };
  if (kind === 'erase') return { confirmEmail: values.confirmEmail };
  return {};
}

function ActionForm({
  kind,
  target,
  onCancel,
  onDone,
}: {
  kind: AdminAction;
  target: Target;
  onCancel: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const action = useAdminAction(target.id);
  const plans = useAdminPlans();
  const [failure, setFailure] = useState<string | null>(null);
  const destructive = kind === 'deactivate' || kind === 'erase';
  const form = useForm<ActionValues>({
    mode: 'controlled',
    initialValues: { reason: '', days: kind === 'grant-plan' ? 30 : 7, planId: null, confirmEmail: '' },
    validate: (values) => {
      const schema = SCHEMAS[kind];
      const errors = schema ? zodValidate(schema)(bodyOf(kind, values)) : {};
      // An emptied number field is '' in Mantine, which the schema would read as 0.
      if ('days' in errors && values.days === '') errors.days = t('msg.required');
      return errors;
    },
    ...commitValidation(['planId']),
  });
  const { confirmEmail } = form.getValues();

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await action.mutateAsync({ action: kind, body: bodyOf(kind, values) });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      else setFailure((error as Error).message);
    }
  });
  const planChoices = (plans.data?.plans ?? [])
    .filter((plan) => plan.audience === target.userType)
    .map((plan) => ({
      value: plan.id,
      label: plan.status === 'retired' ? t('people.dialog.retired', { name: plan.name }) : plan.name,
    }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          <b>{target.fullName}</b> · {target.email}
        </Text>
        {kind === 'deactivate' && (
          <>
            <Text size="sm" c="dimmed">
              {t('people.dialog.deactivateHint')}
            </Text>
            <Textarea
              label={t('people.dialog.reason')}
              description={t('people.dialog.reasonHint')}
              required
              autosize
              minRows={2}
              {...form.getInputProps('reason')}
              data-autofocus
            />
          </>
        )}
        {kind === 'reactivate' && (
          <Textarea label={t('people.dialog.note')} autosize minRows={2} {...form.getInputProps('reason')} />
        )}
        {kind === 'password-reset' && (
          <Text size="sm">{t('people.dialog.resetHint', { email: target.email })}</Text>
        )}
        {kind === 'grant-plan' && (
          <Select
            label={t('people.dialog.plan')}
            placeholder={t('people.dialog.choosePlan')}
            data={planChoices}
            {...form.getInputProps('planId')}
            required
          />
        )}
        {(kind === 'extend-trial' || kind === 'grant-plan') && (
          <NumberInput
            label={kind === 'extend-trial' ? t('people.dialog.addDays') : t('people.dialog.forDays')}
            description={kind === 'grant-plan' ? t('people.dialog.grantHint') : undefined}
            min={1}
            max={365}
            // The server says what is wrong with 0, 400 or 2.5; clamping on blur would act on another number.
            clampBehavior="none"
            {...form.getInputProps('days')}
            required
          />
        )}
        {kind === 'erase' && (
          <>
            <Alert color="red" variant="light">
              {t('people.dialog.eraseWarning')}
            </Alert>
            <TextInput
              label={t('people.dialog.typeToConfirm', { email: target.email })}
              {...form.getInputProps('confirmEmail')}
              autoComplete="off"
              data-autofocus
            />
          </>
        )}
        {failure && <Alert color="red">{failure}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('people.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            color={destructive ? 'red' : undefined}
            loading={action.isPending}
            disabled={kind === 'erase' && confirmEmail.trim().toLowerCase() !== target.email.toLowerCase()}
          >
            {t(`people.dialog.submit.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
