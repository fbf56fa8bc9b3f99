import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../app/toast';

/**
 * `?slide=<n>` (from teacher insights' "Improve this slide"): once the segments are drawn, scroll segment n's
 * narration into view and focus it, once per page visit. Answers the slide number pointed at, or null.
 */
export function useSlideFocus(segmentCount: number): number | null {
  const [params] = useSearchParams();
  const slide = Number(params.get('slide'));
  const wanted = Number.isInteger(slide) && slide > 0 ? slide : null;
  const done = useRef(false);

  useEffect(() => {
    if (!wanted || done.current) return;
    if (wanted > segmentCount) {
      done.current = true;
      toast('warning', `This library has no slide ${wanted} any more.`);
      return;
    }
    // After React has drawn the list (and the autosized text area has its height).
    const frame = requestAnimationFrame(() => {
      const narration = document.querySelector<HTMLTextAreaElement>(
        `textarea[aria-label="Narration for segment ${wanted}"]`,
      );
      if (!narration) return;
      done.current = true;
      narration.scrollIntoView({ block: 'center' });
      narration.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [wanted, segmentCount]);

  return wanted !== null && wanted <= segmentCount ? wanted : null;
}
