import { formatClock } from '../../../common/time';
import type { Passage } from './types';

/** Where a passage is, in words a student can follow: the video and moment, the page, the slide, the FAQ. */
export function whereToLook(
  passage: Pick<Passage, 'sourceKind' | 'title' | 'startSeconds' | 'page' | 'slide'>,
): string {
  switch (passage.sourceKind) {
    case 'caption':
      return passage.startSeconds === null
        ? `the video "${passage.title}"`
        : `the video "${passage.title}" at ${formatClock(passage.startSeconds)}`;
    case 'material':
      return passage.page === null
        ? `the study material "${passage.title}"`
        : `page ${passage.page} of "${passage.title}"`;
    case 'segment': {
      // A course library lesson: the slide on screen, and the moment the lesson shows it.
      const slide =
        passage.slide === null
          ? `the video "${passage.title}"`
          : `slide ${passage.slide} of "${passage.title}"`;
      return passage.startSeconds === null ? slide : `${slide} at ${formatClock(passage.startSeconds)}`;
    }
    case 'course_faq':
      return `the ${passage.title}`;
    case 'guru_faq':
      return 'the guru FAQ';
  }
}
