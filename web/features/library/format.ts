import type { Locale } from '../../../common/i18n/locales';
import type { SegmentEstimate } from '../../../common/library';
import { formatSpan } from '../../../common/time';
import { t } from './i18n';

/** '~12 s · 1 credit' (SPEC §9 estimate of a narration). */
export function estimateLabel(estimate: SegmentEstimate, locale: Locale): string {
  return t('library.segment.estimate', {
    span: formatSpan(estimate.seconds, 'second', locale),
    credits: estimate.credits,
  });
}
