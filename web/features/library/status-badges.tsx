import { Badge } from '@mantine/core';
import type { LibraryStage, LibraryStatus, SegmentStatus } from '../../../common/library';
import { useT } from './i18n';

const LIBRARY_LOOK: Record<LibraryStatus, { labelKey: string; color: string }> = {
  draft: { labelKey: 'library.status.draft', color: 'gray' },
  generating: { labelKey: 'library.status.generating', color: 'blue' },
  ready: { labelKey: 'library.status.ready', color: 'green' },
  failed: { labelKey: 'library.status.failed', color: 'red' },
  cancelled: { labelKey: 'library.status.cancelled', color: 'yellow' },
};

/** A library's status; while generating, with its stage and progress. */
export function LibraryStatusBadge(props: {
  status: LibraryStatus;
  progress: number;
  stage: LibraryStage | null;
}) {
  const t = useT();
  const look = LIBRARY_LOOK[props.status] as (typeof LIBRARY_LOOK)[LibraryStatus] | undefined;
  const label =
    props.status === 'generating'
      ? t(props.stage === 'saving' ? 'library.status.savingProgress' : 'library.status.generatingProgress', {
          progress: props.progress,
        })
      : look
        ? t(look.labelKey)
        : props.status;
  return (
    <Badge color={look?.color ?? 'gray'} variant="light" data-testid="library-status">
      {label}
    </Badge>
  );
}

const SEGMENT_LOOK: Record<SegmentStatus, { labelKey: string; color: string }> = {
  pending: { labelKey: 'library.segmentStatus.pending', color: 'gray' },
  rendering: { labelKey: 'library.segmentStatus.rendering', color: 'blue' },
  ready: { labelKey: 'library.segmentStatus.ready', color: 'green' },
  failed: { labelKey: 'library.segmentStatus.failed', color: 'red' },
};

export function SegmentStatusBadge({ status }: { status: SegmentStatus }) {
  const t = useT();
  const look = SEGMENT_LOOK[status] as (typeof SEGMENT_LOOK)[SegmentStatus] | undefined;
  return (
    <Badge color={look?.color ?? 'gray'} variant="light" size="sm" data-testid="segment-status">
      {look ? t(look.labelKey) : status}
    </Badge>
  );
}
