import { Badge } from '@mantine/core';
import type { GuruStatus } from '../../../common/gurus';

const LOOK: Record<GuruStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  training: { label: 'Training', color: 'blue' },
  ready: { label: 'Ready', color: 'green' },
  failed: { label: 'Training failed', color: 'red' },
};

/** A guru's status; while training, with its progress. */
export function GuruStatusBadge({ status, progress }: { status: GuruStatus; progress: number }) {
  const look = LOOK[status] ?? { label: status, color: 'gray' };
  return (
    <Badge color={look.color} variant="light" data-testid="guru-status">
      {status === 'training' ? `${look.label} ${progress}%` : look.label}
    </Badge>
  );
}
