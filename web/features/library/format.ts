import type { SegmentEstimate } from '../../../common/library';
import { formatSpan } from '../../../common/time';
import { countOf } from '../../../common/words';

/** '~12 s · 1 credit' (SPEC §9 estimate of a narration). */
export function estimateLabel(estimate: SegmentEstimate): string {
  return `~${formatSpan(estimate.seconds)} · ${countOf(estimate.credits, 'credit')}`;
}
