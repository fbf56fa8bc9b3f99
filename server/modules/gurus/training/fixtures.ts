import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import {
  courseFaqs,
  courseMaterials,
  courses,
  courseVideos,
  guruCourses,
  guruQuestions,
  gurus,
  guruVideos,
} from '../../../db/schema/index';
import type { App } from '../../../http/app-type';
import { TOPIC_SECONDS, VIDEOS } from './geometry-course';
import { trainGuru } from './train';

/**
 * Builds gurus and their material straight in the database and storage, for the training tests and the
 * answers benchmark (the wizard's API belongs to the building routes and has its own tests).
 */

/** A WebVTT file of cues, each [start seconds, end seconds, text]. */
export function webVtt(cues: [number, number, string][]): string {
  const stamp = (seconds: number) => {
    const h = String(Math.floor(seconds / 3600)).padStart(2, '0');
    const m = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
    const s = (seconds % 60).toFixed(3).padStart(6, '0');
    return `${h}:${m}:${s}`;
  };
  return `WEBVTT\n\n${cues.map(([start, end, text], index) => `${index + 1}\n${stamp(start)} --> ${stamp(end)}\n${text}`).join('\n\n')}\n`;
}

/** A real PDF (pdfkit) with one page per entry. */
export function pdfOf(pages: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ autoFirstPage: false });
    const parts: Buffer[] = [];
    document.on('data', (part: Buffer) => parts.push(part));
    document.on('end', () => resolve(Buffer.concat(parts)));
    document.on('error', reject);
    for (const text of pages) {
      document.addPage();
      document.fontSize(12).text(text);
    }
    document.end();
  });
}

export async function insertGuru(app: App, ownerId: string, patch: Partial<typeof gurus.$inferInsert> = {}) {
  const [guru] = await app.db
    .insert(gurus)
    .values({ ownerId, name: 'Geometry Guru', subject: 'Geometry', ...patch })
    .returning();
  return guru;
}

export async function insertSourceCourse(app: App, ownerId: string, title = 'Geometry basics') {
  const [course] = await app.db
    .insert(courses)
    .values({
      ownerId,
      title,
      description: 'Shapes.',
      category: 'Mathematics',
      level: 'Beginner',
      language: 'English',
    })
    .returning();
  return course;
}

/** A ready video with captions in storage. */
export async function insertCaptionedVideo(app: App, courseId: string, title: string, vtt: string) {
  const [video] = await app.db
    .insert(courseVideos)
    .values({ courseId, title, processingStatus: 'ready', processingProgress: 100, durationSeconds: 600 })
    .returning();
  const captionsPath = `courses/${courseId}/videos/${video.id}/captions-test.vtt`;
  await app.storage.put(captionsPath, Buffer.from(vtt), 'text/vtt');
  const [updated] = await app.db
    .update(courseVideos)
    .set({ captionsPath })
    .where(eq(courseVideos.id, video.id))
    .returning();
  return updated;
}

export async function insertMaterial(app: App, courseId: string, title: string, pdf: Buffer) {
  const [material] = await app.db
    .insert(courseMaterials)
    .values({
      courseId,
      title,
      filePath: `courses/${courseId}/materials/${title.replace(/\W+/g, '-')}.pdf`,
      sizeBytes: pdf.length,
    })
    .returning();
  await app.storage.put(material.filePath, pdf, 'application/pdf');
  return material;
}

export async function insertCourseFaq(app: App, courseId: string, question: string, answer: string) {
  const [faq] = await app.db.insert(courseFaqs).values({ courseId, question, answer }).returning();
  return faq;
}

export async function insertGuruFaq(app: App, guruId: string, question: string, answer: string) {
  const [row] = await app.db
    .insert(guruQuestions)
    .values({ guruId, kind: 'faq', question, answer })
    .returning();
  return row;
}

export async function linkCourse(app: App, guruId: string, courseId: string, videoIds: string[] = []) {
  await app.db.insert(guruCourses).values({ guruId, courseId });
  if (videoIds.length > 0)
    await app.db.insert(guruVideos).values(videoIds.map((videoId) => ({ guruId, videoId })));
}

/** The topics of one video of geometry-course.ts as WebVTT: a cue per sentence, 9 s each. */
export function topicsVtt(topics: { sentences: string[] }[], cueSeconds = 9): string {
  const cues: [number, number, string][] = [];
  for (const [topicIndex, topic] of topics.entries()) {
    for (const [index, sentence] of topic.sentences.entries()) {
      const start = (topicIndex * topic.sentences.length + index) * cueSeconds;
      cues.push([start, start + cueSeconds, sentence]);
    }
  }
  return webVtt(cues);
}

/**
 * A trained guru over the geometry course (four captioned videos), owned by `ownerId`; answers where each
 * topic starts ({ videoId, startSeconds } by topic id).
 */
export async function buildGeometryGuru(
  app: App,
  ownerId: string,
  patch: Partial<typeof gurus.$inferInsert> = {},
) {
  const course = await insertSourceCourse(app, ownerId, 'Geometry for everyone');
  const guru = await insertGuru(app, ownerId, patch);
  const topicAt = new Map<string, { videoId: string; startSeconds: number }>();
  const videoIds: string[] = [];
  for (const video of VIDEOS) {
    const row = await insertCaptionedVideo(app, course.id, video.title, topicsVtt(video.topics));
    videoIds.push(row.id);
    for (const [index, topic] of video.topics.entries()) {
      topicAt.set(topic.id, { videoId: row.id, startSeconds: index * TOPIC_SECONDS });
    }
  }
  await linkCourse(app, guru.id, course.id, videoIds);
  await trainGuru(app, guru.id);
  const trained = await app.db.query.gurus.findFirst({ where: eq(gurus.id, guru.id) });
  if (trained?.status !== 'ready') throw new Error(`training failed: ${trained?.trainingError}`);
  return { guru: trained, course, topicAt };
}
