import { Badge } from '@mantine/core';
import type { LibraryStage, LibraryStatus, SegmentStatus } from '../../../common/library';

const LIBRARY_LOOK: Record<LibraryStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  generating: { label: 'Generating', color: 'blue' },
  ready: { label: 'Ready', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'yellow' },
};

/** A library's status; while generating, with its stage and progress. */
export function LibraryStatusBadge(props: {
  status: LibraryStatus;
  progress: number;
  stage: LibraryStage | null;
}) {
  const look = LIBRARY_LOOK[props.status] ?? { label: props.status, color: 'gray' };
  const label =
    props.status === 'generating'
      ? `${props.stage === 'saving' ? 'Saving' : look.label} ${props.progress}%`
      : look.label;
  return (
    <Badge color={look.color} variant="light" data-testid="library-status">
      {label}
    </Badge>
  );
}

const SEGMENT_LOOK: Record<SegmentStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'gray' },
  rendering: { label: 'Rendering', color: 'blue' },
  ready: { label: 'Rendered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

export function SegmentStatusBadge({ status }: { status: SegmentStatus }) {
  const look = SEGMENT_LOOK[status] ?? { label: status, color: 'gray' };
  return (
    <Badge color={look.color} variant="light" size="sm" data-testid="segment-status">
      {look.label}
    </Badge>
  );
}
