import { Badge } from '@mantine/core';
import type { ApprovalStatus } from '../../../common/courses';
import { useT } from './i18n';

const COLORS: Record<ApprovalStatus, string> = {
  DRAFT: 'gray',
  PENDING: 'yellow',
  APPROVED: 'green',
  REJECTED: 'red',
  PENDING_REAPPROVAL: 'orange',
};

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const color = COLORS[status as ApprovalStatus] as string | undefined;
  return (
    <Badge color={color ?? 'gray'} variant="light" data-testid="course-status">
      {color ? t(`courses.status.${status}`) : status}
    </Badge>
  );
}
