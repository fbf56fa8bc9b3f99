import { Badge } from '@mantine/core';
import type { GuruStatus } from '../../../common/gurus';
import { useT } from './i18n';

const LOOK: Record<GuruStatus, { labelKey: string; color: string }> = {
  draft: { labelKey: 'gurus.status.draft', color: 'gray' },
  training: { labelKey: 'gurus.status.training', color: 'blue' },
  ready: { labelKey: 'gurus.status.ready', color: 'green' },
  failed: { labelKey: 'gurus.status.failed', color: 'red' },
};

/** A guru's status; while training, with its progress. */
export function GuruStatusBadge({ status, progress }: { status: GuruStatus; progress: number }) {
  const t = useT();
  const look = LOOK[status];
  // A status this build does not know is shown as it is.
  const label = look ? t(look.labelKey) : status;
  return (
    <Badge color={look?.color ?? 'gray'} variant="light" data-testid="guru-status">
      {status === 'training' ? t('gurus.status.trainingProgress', { progress }) : label}
    </Badge>
  );
}
