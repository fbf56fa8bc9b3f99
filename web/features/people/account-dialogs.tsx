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
import { useState } from 'react';
import type { PersonRow } from '../../../common/contracts/people';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { useAdminPlans } from '../plans';
import { type AdminAction, useAdminAction } from './api';

type Target = Pick<PersonRow, 'id' | 'fullName' | 'email' | 'userType'>;

const TITLES: Record<AdminAction, string> = {
  deactivate: 'Deactivate account',
  reactivate: 'Reactivate account',
  'password-reset': 'Send a password reset link',
  'extend-trial': 'Extend the trial',
  'grant-plan': 'Grant a plan',
  erase: 'Erase account',
};

const DONE: Record<AdminAction, string> = {
  deactivate: 'Account deactivated: every session has been ended',
  reactivate: 'Account reactivated',
  'password-reset': 'Password reset link sent',
  'extend-trial': 'Trial extended',
  'grant-plan': 'Plan granted',
  erase: 'Account erased',
};

/**
 * The admin's account actions as dialogs, each asking before it acts (the reason for a deactivation, the
 * days of a trial, the e-mail typed for an erasure). `open(kind, person)` shows one; render `dialog` once.
 */
export function useAccountDialogs(onDone?: (kind: AdminAction) => void) {
  const [state, setState] = useState<{ kind: AdminAction; target: Target } | null>(null);
  const close = () => setState(null);
  const dialog = state ? (
    <Modal opened onClose={close} title={TITLES[state.kind]} centered>
      <ActionForm
        key={`${state.kind}-${state.target.id}`}
        kind={state.kind}
        target={state.target}
        onCancel={close}
        onDone={() => {
          toast('success', DONE[state.kind]);
          onDone?.(state.kind);
          close();
        }}
      />
    </Modal>
  ) : null;
  return { open: (kind: AdminAction, target: Target) => setState({ kind, target }), dialog };
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
  const action = useAdminAction(target.id);
  const plans = useAdminPlans();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<number | string>(kind === 'grant-plan' ? 30 : 7);
  const [planId, setPlanId] = useState<string | null>(null);
  const [confirmEmail, setConfirmEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const destructive = kind === 'deactivate' || kind === 'erase';

  const body = (): unknown => {
    if (kind === 'deactivate') return { reason };
    if (kind === 'reactivate') return reason.trim() ? { reason } : {};
    if (kind === 'extend-trial') return { days };
    if (kind === 'grant-plan') return { planId, days };
    if (kind === 'erase') return { confirmEmail };
    return {};
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    if ((kind === 'extend-trial' || kind === 'grant-plan') && days === '') {
      setErrors({ days: 'Please fill this field' });
      return;
    }
    if (kind === 'grant-plan' && !planId) {
      setErrors({ planId: 'Please select an option' });
      return;
    }
    try {
      await action.mutateAsync({ action: kind, body: body() });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFailure((error as Error).message);
    }
  };
  const planChoices = (plans.data?.plans ?? [])
    .filter((plan) => plan.audience === target.userType)
    .map((plan) => ({
      value: plan.id,
      label: plan.status === 'retired' ? `${plan.name} (retired)` : plan.name,
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
              They are logged out everywhere at once and cannot log in until an admin reactivates the account.
            </Text>
            <Textarea
              label="Reason"
              description="Kept in the account's audit trail"
              required
              autosize
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={errors.reason}
              data-autofocus
            />
          </>
        )}
        {kind === 'reactivate' && (
          <Textarea
            label="Note (optional)"
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
          />
        )}
        {kind === 'password-reset' && (
          <Text size="sm">
            A link to choose a new password is e-mailed to {target.email}. It is valid for one hour.
          </Text>
        )}
        {kind === 'grant-plan' && (
          <Select
            label="Plan"
            placeholder="Choose a plan"
            data={planChoices}
            value={planId}
            onChange={setPlanId}
            error={errors.planId}
            required
          />
        )}
        {(kind === 'extend-trial' || kind === 'grant-plan') && (
          <NumberInput
            label={kind === 'extend-trial' ? 'Add days' : 'For how many days'}
            description={kind === 'grant-plan' ? 'No payment is taken; the plan ends by itself' : undefined}
            min={1}
            max={365}
            // The server says what is wrong with 0, 400 or 2.5; clamping on blur would act on another number.
            clampBehavior="none"
            value={days}
            onChange={setDays}
            error={errors.days}
            required
          />
        )}
        {kind === 'erase' && (
          <>
            <Alert color="red" variant="light">
              Name, e-mail, password, images and guru conversations are erased for good. Invoices and payments
              are kept as the law requires. This cannot be undone.
            </Alert>
            <TextInput
              label={`Type ${target.email} to confirm`}
              value={confirmEmail}
              onChange={(event) => setConfirmEmail(event.currentTarget.value)}
              error={errors.confirmEmail}
              autoComplete="off"
              data-autofocus
            />
          </>
        )}
        {failure && <Alert color="red">{failure}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            color={destructive ? 'red' : undefined}
            loading={action.isPending}
            disabled={kind === 'erase' && confirmEmail.trim().toLowerCase() !== target.email.toLowerCase()}
          >
            {TITLES[kind].replace(' account', '').replace('Send a password reset link', 'Send link')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
