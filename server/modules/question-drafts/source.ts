import { and, asc, eq } from 'drizzle-orm';
import { languageCode, languageOrNone } from '../../../common/languages';
import { courses, courseVideos } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { groupCues, parseWebVtt } from '../gurus/training/captions';
import type { DraftPassage } from './course-text';

export interface CourseLessonText {
  language: string;
  passages: DraftPassage[];
  /** Lesson titles by id, for the review screen. */
  lessonTitles: Map<string, string>;
}

export async function captionText(app: App, path: string): Promise<string | null> {
  const file = await app.storage.read(path);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const part of file.stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

/**
 * What a course's lessons say, passage by passage with their moments: a lesson made from slides by its cues
 * (a passage per slide, its heading the slide's title), an uploaded video by its captions (about 30 s each).
 * Lessons of the working version, in their order.
 */
export async function courseLessonText(app: App, courseId: string): Promise<CourseLessonText> {
  const videos = await app.db
    .select({
      id: courseVideos.id,
      title: courseVideos.title,
      cues: courseVideos.libraryCues,
      captionsPath: courseVideos.captionsPath,
    })
    .from(courseVideos)
    .where(and(eq(courseVideos.courseId, courseId), eq(courseVideos.kind, 'lesson')))
    .orderBy(asc(courseVideos.position));
  const passages: DraftPassage[] = [];
  const lessonTitles = new Map<string, string>();
  for (const video of videos) {
    lessonTitles.set(video.id, video.title);
    passages.push(...(await lessonPassages(app, video)));
  }
  return { language: await courseLanguage(app, courseId), passages, lessonTitles };
}

/** The language a course's text is read in: its language's code, else English. */
export async function courseLanguage(app: App, courseId: string): Promise<string> {
  const [course] = await app.db
    .select({ language: courses.language })
    .from(courses)
    .where(eq(courses.id, courseId));
  return languageCode(course?.language) || languageOrNone(course?.language) || 'en';
}

/** A lesson where its text comes from: its slides' cues, or its captions file. */
export interface LessonSource {
  id: string;
  cues: (typeof courseVideos.$inferSelect)['libraryCues'];
  captionsPath: string | null;
}

/** One lesson's passages: a slide per passage from its cues, else its captions in about 30 s passages. */
export async function lessonPassages(app: App, video: LessonSource): Promise<DraftPassage[]> {
  const passage = (index: number, heading: string, text: string, start: number, end: number) => ({
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
    return video.cues.flatMap((cue, index) =>
      cue.text.trim()
        ? [passage(index, cue.heading ?? '', cue.text.trim(), cue.startSeconds, cue.endSeconds)]
        : [],
    );
  }
  if (!video.captionsPath) return [];
  const vtt = await captionText(app, video.captionsPath);
  if (!vtt) return [];
  return groupCues(parseWebVtt(vtt)).map((part, index) =>
    passage(index, '', part.text, part.start, part.end),
  );
}

/** The course's lesson titles by id (the review screen names each draft's lesson). */
export async function lessonTitlesOf(app: App, courseId: string): Promise<Map<string, string>> {
  const rows = await app.db
    .select({ id: courseVideos.id, title: courseVideos.title })
    .from(courseVideos)
    .where(eq(courseVideos.courseId, courseId));
  return new Map(rows.map((row) => [row.id, row.title]));
}
