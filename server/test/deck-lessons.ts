import type { LibraryCue } from '../../common/library';
import { courseVideos } from '../db/schema/index';
import type { App } from '../http/app-type';
import type { DeckSlide } from './fixtures/water-cycle-deck';

/** A slide's narration as the course library writes it: the body as one paragraph, bullets joined. */
export const slideText = (slide: DeckSlide) =>
  Array.isArray(slide.body) ? slide.body.map((line) => line.replace(/^•\s*/u, '')).join(' ') : slide.body;

/** A deck's slides as a lesson's cues, `secondsPerSlide` each, in order. */
export function deckCues(slides: readonly DeckSlide[], secondsPerSlide = 30): LibraryCue[] {
  return slides.map((slide, index) => ({
    segmentId: `segment-${index + 1}`,
    slide: index + 1,
    heading: slide.title,
    text: slideText(slide),
    startSeconds: index * secondsPerSlide,
    endSeconds: (index + 1) * secondsPerSlide,
  }));
}

/**
 * A ready lesson made from a deck the course-library way, inserted straight into the database: its cues are
 * what drafting, summaries and the guru read. It has no video files, so it does not play.
 */
export async function insertDeckLesson(
  app: App,
  courseId: string,
  title: string,
  slides: readonly DeckSlide[],
) {
  const cues = deckCues(slides);
  const [video] = await app.db
    .insert(courseVideos)
    .values({
      courseId,
      kind: 'lesson',
      title,
      processingStatus: 'ready',
      processingProgress: 100,
      durationSeconds: cues.at(-1)?.endSeconds ?? 0,
      libraryCues: cues,
    })
    .returning();
  if (!video) throw new Error('lesson not inserted');
  return video;
}
