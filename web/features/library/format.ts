import type { SegmentEstimate } from '../../../common/library';

/** 75 → '1 min 15 s'; 12 → '12 s'. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** '~12 s · 1 credit' (SPEC §9 estimate of a narration). */
export function estimateLabel(estimate: SegmentEstimate): string {
  return `~${formatSeconds(estimate.seconds)} · ${estimate.credits} credit${estimate.credits === 1 ? '' : 's'}`;
}
