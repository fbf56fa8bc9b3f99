import { Badge } from '@mantine/core';
import type { ApprovalStatus } from '../../../common/courses';

const LOOK: Record<ApprovalStatus, { label: string; color: string }> = {
  DRAFT: { label: 'Draft', color: 'gray' },
  PENDING: { label: 'Pending approval', color: 'yellow' },
  APPROVED: { label: 'Approved', color: 'green' },
  REJECTED: { label: 'Rejected', color: 'red' },
  PENDING_REAPPROVAL: { label: 'Pending re-approval', color: 'orange' },
};

export function StatusBadge({ status }: { status: string }) {
  const look = LOOK[status as ApprovalStatus] ?? { label: status, color: 'gray' };
  return (
    <Badge color={look.color} variant="light" data-testid="course-status">
      {look.label}
    </Badge>
  );
}
