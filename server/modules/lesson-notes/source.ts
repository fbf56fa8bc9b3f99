import { eq } from 'drizzle-orm';
import { courseVideos } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import type { DraftPassage } from '../question-drafts/course-text';
import { courseLanguage, lessonPassages } from '../question-drafts/source';

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
  return { language: await courseLanguage(app, video.courseId), passages: await lessonPassages(app, video) };
}
