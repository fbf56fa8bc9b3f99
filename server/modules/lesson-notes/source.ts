import { eq } from 'drizzle-orm';
import { languageCode, languageOrNone } from '../../../common/languages';
import { courses, courseVideos } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { groupCues, parseWebVtt } from '../gurus/training/captions';
import type { DraftPassage } from '../question-drafts/course-text';
import { captionText } from '../question-drafts/source';

export interface LessonVideo {
  id: string;
  courseId: string;
  kind: string;
  cues: (typeof courseVideos.$inferSelect)['libraryCues'];
  captionsPath: string | null;
  durationSeconds: number | null;
}

/** A lesson of the working version with its course, or null. */
export async function findLesson(app: App, videoId: string): Promise<LessonVideo | null> {
  const [video] = await app.db
    .select({
      id: courseVideos.id,
      courseId: courseVideos.courseId,
      kind: courseVideos.kind,
      cues: courseVideos.libraryCues,
      captionsPath: courseVideos.captionsPath,
      durationSeconds: courseVideos.durationSeconds,
    })
    .from(courseVideos)
    .where(eq(courseVideos.id, videoId));
  return video && video.kind === 'lesson' ? video : null;
}

/**
 * What one lesson says, passage by passage with its moments, read as question drafting reads a course
 * (question-drafts/source.ts): a slide per passage from its cues, else its captions in about 30 s passages.
 */
export async function lessonText(
  app: App,
  video: LessonVideo,
): Promise<{ language: string; passages: DraftPassage[] }> {
  const [course] = await app.db
    .select({ language: courses.language })
    .from(courses)
    .where(eq(courses.id, video.courseId));
  const language = languageCode(course?.language) || languageOrNone(course?.language) || 'en';
  const passages: DraftPassage[] = [];
  const passage = (index: number, heading: string, text: string, start: number, end: number) =>
    passages.push({
      id: `${video.id}:${index}`,
      heading,
      text,
      videoId: video.id,
      materialId: null,
      startSeconds: start,
      endSeconds: end,
      page: null,
    });
  if (video.cues && video.cues.length > 0) {
    video.cues.forEach((cue, index) => {
      if (cue.text.trim())
        passage(index, cue.heading ?? '', cue.text.trim(), cue.startSeconds, cue.endSeconds);
    });
  } else if (video.captionsPath) {
    const vtt = await captionText(app, video.captionsPath);
    if (vtt) {
      groupCues(parseWebVtt(vtt)).forEach((part, index) => {
        passage(index, '', part.text, part.start, part.end);
      });
    }
  }
  return { language, passages };
}
