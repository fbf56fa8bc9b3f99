import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../app/toast';
import { t } from './i18n';

const positive = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * `?slide=<n>&asks=<k>[&top=<m>]` (from teacher insights' "Improve this slide": the slide, how often students
 * asked about it, and the lesson's most-asked slide when that is another one): once the segments are drawn,
 * scroll segment n's narration into view and focus it, once per page visit. Answers the slide number pointed at
 * when nothing says another slide was asked about more — the page then says students asked most about it and
 * highlights it — else null, and a notice says what is true instead ("Students asked about slide 3 20 times;
 * slide 2 more often").
 */
export function useSlideFocus(segmentCount: number): number | null {
  const [params] = useSearchParams();
  const wanted = positive(params.get('slide'));
  const top = positive(params.get('top'));
  const asks = positive(params.get('asks'));
  const another = wanted !== null && top !== null && top !== wanted && top <= segmentCount;
  const done = useRef(false);

  useEffect(() => {
    if (!wanted || done.current) return;
    if (wanted > segmentCount) {
      done.current = true;
      toast('warning', t('library.focus.noSlide', { slide: wanted }));
      return;
    }
    // After React has drawn the list (and the autosized text area has its height).
    const frame = requestAnimationFrame(() => {
      const narration = document.querySelector<HTMLTextAreaElement>(
        `textarea[aria-label="${t('library.segment.narrationLabel', { number: wanted })}"]`,
      );
      if (!narration) return;
      done.current = true;
      narration.scrollIntoView({ block: 'center' });
      narration.focus({ preventScroll: true });
      if (another) {
        toast(
          'info',
          asks === null
            ? t('library.focus.other', { slide: wanted, top: top ?? 0 })
            : t('library.focus.otherCounted', { slide: wanted, top: top ?? 0, asks }),
        );
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [wanted, segmentCount, another, asks, top]);

  return wanted !== null && wanted <= segmentCount && !another ? wanted : null;
}
