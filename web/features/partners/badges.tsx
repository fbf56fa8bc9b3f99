import { Badge } from '@mantine/core';
import type { CommissionStatus, ReferralStatus } from '../../../common/contracts/partners';
import { COMMISSION_STATUS_LABELS, REFERRAL_STATUS_LABELS } from './format';
import { useT } from './i18n';

/** A badge is a word or two: never shrunk to "Pa…" by a tight row or table cell. */
const WHOLE = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

export function ReferralStatusBadge({ status }: { status: ReferralStatus }) {
  const t = useT();
  const { labelKey, color } = REFERRAL_STATUS_LABELS[status];
  return (
    <Badge color={color} variant="light" styles={WHOLE} data-testid="referral-status">
      {t(labelKey)}
    </Badge>
  );
}

export function CommissionStatusBadge({ status }: { status: CommissionStatus }) {
  const t = useT();
  const { labelKey, color } = COMMISSION_STATUS_LABELS[status];
  return (
    <Badge color={color} variant="light" styles={WHOLE} data-testid="commission-status">
      {t(labelKey)}
    </Badge>
  );
}
