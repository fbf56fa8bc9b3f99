import type { SegmentEstimate } from '../../../common/library';
import { formatSpan } from '../../../common/time';

/** '~12 s · 1 credit' (SPEC §9 estimate of a narration). */
export function estimateLabel(estimate: SegmentEstimate): string {
  return `~${formatSpan(estimate.seconds)} · ${estimate.credits} credit${estimate.credits === 1 ? '' : 's'}`;
}
