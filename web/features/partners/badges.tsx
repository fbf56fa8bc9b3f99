import { Badge } from '@mantine/core';
import type { CommissionStatus, ReferralStatus } from '../../../common/contracts/partners';
import { COMMISSION_STATUS_LABELS, REFERRAL_STATUS_LABELS } from './format';

/** A badge is a word or two: never shrunk to "Pa…" by a tight row or table cell. */
const WHOLE = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

export function ReferralStatusBadge({ status }: { status: ReferralStatus }) {
  const { label, color } = REFERRAL_STATUS_LABELS[status];
  return (
    <Badge color={color} variant="light" styles={WHOLE} data-testid="referral-status">
      {label}
    </Badge>
  );
}

export function CommissionStatusBadge({ status }: { status: CommissionStatus }) {
  const { label, color } = COMMISSION_STATUS_LABELS[status];
  return (
    <Badge color={color} variant="light" styles={WHOLE} data-testid="commission-status">
      {label}
    </Badge>
  );
}
