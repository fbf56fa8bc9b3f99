import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { SourceKind } from '../../../../common/gurus';
import type { LibraryCue } from '../../../../common/library';
import { pluralOf } from '../../../../common/words';
import {
  courseFaqs,
  courseMaterials,
  courses,
  courseVideos,
  guruCourses,
  guruQuestions,
  guruVideos,
} from '../../../db/schema/index';
import type { App } from '../../../http/app-type';
import { said } from '../../../i18n/said';
import { groupCues, parseWebVtt } from './captions';
import { splitIntoPassages } from './chunking';
import { pdfPageTexts } from './pdf-text';

/** A passage of a source before it is stored: where in the source it sits. */
export interface ChunkDraft {
  /** What it is about in a few words (a slide's title, an FAQ's question): searched with the most weight. */
  heading?: string;
  text: string;
  startSeconds?: number;
  endSeconds?: number;
  page?: number;
  slide?: number;
}

/**
 * One thing the guru learns from, indexed as a unit: re-training compares the hash of `content` with the
 * last one and rebuilds the passages only when it changed.
 */
export interface GuruSource {
  /**
   * Stable key: 'caption:<videoId>', 'segment:<videoId>', 'material:<materialId>', 'course-faq:<faqId>',
   * 'faq:<questionId>'.
   */
  key: string;
  kind: SourceKind;
  title: string;
  courseId: string | null;
  videoId: string | null;
  materialId: string | null;
  /** What the hash is taken of (captions text, PDF bytes, question and answer). */
  content(): Promise<string | Uint8Array>;
  /** The passages, from the same content. */
  passages(content: string | Uint8Array): Promise<ChunkDraft[]>;
}

/** Raised for a training that cannot succeed; its message is shown to the guru's owner as it is. */
export class TrainingError extends Error {}

/** Stored as the training's error in English (`.english`), like every training error. */
export const NO_SOURCES_MESSAGE = said('server.gurus.noSources');

/** Why there is nothing to learn from: no course at all (the spec's text), or courses with nothing ready yet. */
export async function noSourcesMessage(app: App, guruId: string): Promise<string> {
  const rows = await app.db
    .select({ title: courses.title })
    .from(guruCourses)
    .innerJoin(courses, eq(courses.id, guruCourses.courseId))
    .where(eq(guruCourses.guruId, guruId))
    .orderBy(asc(courses.title));
  if (rows.length === 0) return NO_SOURCES_MESSAGE.english;
  const names = rows.map((row) => `"${row.title}"`).join(', ');
  return `${names} ${pluralOf('has', 'have')(rows.length)} no ready lesson videos, FAQ or study material yet. Add some, or wait until the videos finish processing, then train again.`;
}

/**
 * Where more sources plug in: each provider lists a guru's sources of one kind.
 */
export type SourceProvider = (app: App, guruId: string, courseIds: string[]) => Promise<GuruSource[]>;

async function readStored(app: App, key: string, what: string): Promise<Buffer> {
  const file = await app.storage.read(key);
  if (!file) throw new TrainingError(`${what} is missing from storage. Please upload it again.`);
  const parts: Buffer[] = [];
  for await (const part of file.stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

const asText = (content: string | Uint8Array) =>
  typeof content === 'string' ? content : Buffer.from(content).toString('utf8');

/**
 * The videos a guru learns `what` from (their captions, or the segment cues of a lesson made from a course
 * library), of the guru's courses only: the ones chosen in the course-videos step, and every ready video of
 * a course added with none chosen (a teacher who adds a course means its lessons).
 */
async function chosenVideosWith(app: App, guruId: string, courseIds: string[], what: 'captions' | 'cues') {
  if (courseIds.length === 0) return [];
  const columns = {
    id: courseVideos.id,
    title: courseVideos.title,
    courseId: courseVideos.courseId,
    position: courseVideos.position,
    captionsPath: courseVideos.captionsPath,
    cues: courseVideos.libraryCues,
  };
  // A lesson made from a course library is learnt slide by slide from its cues; its captions are the same
  // narration cut by time, which would index every sentence twice (decision 029).
  const having =
    what === 'cues'
      ? isNotNull(courseVideos.libraryCues)
      : and(isNotNull(courseVideos.captionsPath), isNull(courseVideos.libraryCues));
  const choices = await app.db
    .selectDistinct({ courseId: courseVideos.courseId })
    .from(guruVideos)
    .innerJoin(courseVideos, eq(courseVideos.id, guruVideos.videoId))
    .where(and(eq(guruVideos.guruId, guruId), inArray(courseVideos.courseId, courseIds)));
  const withChoice = new Set(choices.map((choice) => choice.courseId));
  const unchosen = courseIds.filter((courseId) => !withChoice.has(courseId));
  const whole =
    unchosen.length === 0
      ? []
      : await app.db
          .select(columns)
          .from(courseVideos)
          .where(
            and(
              inArray(courseVideos.courseId, unchosen),
              eq(courseVideos.kind, 'lesson'),
              eq(courseVideos.processingStatus, 'ready'),
              having,
            ),
          );
  const chosenWith = await app.db
    .select(columns)
    .from(guruVideos)
    .innerJoin(courseVideos, eq(courseVideos.id, guruVideos.videoId))
    .where(and(eq(guruVideos.guruId, guruId), inArray(courseVideos.courseId, courseIds), having));
  return [...chosenWith, ...whole].sort(
    (a, b) => a.courseId.localeCompare(b.courseId) || a.position - b.position,
  );
}

/** Captions of the videos chosen in the course-videos step (of the guru's courses only). */
const captionSources: SourceProvider = async (app, guruId, courseIds) => {
  const videos = await chosenVideosWith(app, guruId, courseIds, 'captions');
  return videos.map((video) => ({
    key: `caption:${video.id}`,
    kind: 'caption',
    title: video.title,
    courseId: video.courseId,
    videoId: video.id,
    materialId: null,
    content: async () =>
      (
        await readStored(app, video.captionsPath as string, `The captions of the video "${video.title}"`)
      ).toString('utf8'),
    passages: async (content) =>
      groupCues(parseWebVtt(asText(content))).map((passage) => ({
        text: passage.text,
        startSeconds: passage.start,
        endSeconds: passage.end,
      })),
  }));
};

/**
 * The narrations of the chosen videos made from a course library (decision 014): a passage per segment with
 * its slide and where it sits in the video, so a citation opens the lesson at that slide. The cues are the
 * copy the lesson took when it was added, which is what its students watch.
 */
const segmentSources: SourceProvider = async (app, guruId, courseIds) => {
  const videos = await chosenVideosWith(app, guruId, courseIds, 'cues');
  return videos.map((video) => ({
    key: `segment:${video.id}`,
    kind: 'segment',
    title: video.title,
    courseId: video.courseId,
    videoId: video.id,
    materialId: null,
    content: async () => JSON.stringify(video.cues ?? []),
    passages: async (content) =>
      (JSON.parse(asText(content)) as LibraryCue[])
        // A slide left without narration has nothing to answer from.
        .filter((cue) => cue.text.trim().length > 0)
        .map((cue) => ({
          heading: cue.heading ?? '',
          text: cue.text.trim(),
          startSeconds: cue.startSeconds,
          endSeconds: cue.endSeconds,
          slide: cue.slide,
        })),
  }));
};

/** The courses' study material PDFs, a passage per page (long pages split). */
const materialSources: SourceProvider = async (app, _guruId, courseIds) => {
  if (courseIds.length === 0) return [];
  const materials = await app.db
    .select()
    .from(courseMaterials)
    .where(inArray(courseMaterials.courseId, courseIds))
    .orderBy(asc(courseMaterials.createdAt));
  return materials.map((material) => ({
    key: `material:${material.id}`,
    kind: 'material',
    title: material.title,
    courseId: material.courseId,
    videoId: null,
    materialId: material.id,
    content: () => readStored(app, material.filePath, `The study material "${material.title}"`),
    passages: async (content) => {
      let pages: string[];
      try {
        pages = await pdfPageTexts(
          typeof content === 'string' ? Buffer.from(content) : content,
          app.config.pdfRender,
        );
      } catch {
        throw new TrainingError(`The study material "${material.title}" could not be read as a PDF.`);
      }
      return pages.flatMap((text, index) =>
        splitIntoPassages(text).map((passage) => ({ text: passage, page: index + 1 })),
      );
    },
  }));
};

const faqText = (question: string, answer: string) => `Q: ${question.trim()}\nA: ${answer.trim()}`;
/** An FAQ entry is one passage; its question is its heading, so a question asked the same way ranks first. */
const faqPassage = async (content: string | Uint8Array): Promise<ChunkDraft[]> => {
  const text = asText(content);
  return [{ heading: /^Q: (.*)$/m.exec(text)?.[1] ?? '', text }];
};

/** The courses' FAQ: each entry one passage (question and answer). */
const courseFaqSources: SourceProvider = async (app, _guruId, courseIds) => {
  if (courseIds.length === 0) return [];
  const rows = await app.db
    .select({ faq: courseFaqs, courseTitle: courses.title })
    .from(courseFaqs)
    .innerJoin(courses, eq(courses.id, courseFaqs.courseId))
    .where(inArray(courseFaqs.courseId, courseIds))
    .orderBy(asc(courseFaqs.courseId), asc(courseFaqs.position));
  return rows.map(({ faq, courseTitle }) => ({
    key: `course-faq:${faq.id}`,
    kind: 'course_faq',
    title: `${courseTitle} FAQ`,
    courseId: faq.courseId,
    videoId: null,
    materialId: null,
    content: async () => faqText(faq.question, faq.answer),
    passages: faqPassage,
  }));
};

/** The guru's own FAQ (including teachers' corrections of wrong answers). */
const guruFaqSources: SourceProvider = async (app, guruId) => {
  const rows = await app.db
    .select()
    .from(guruQuestions)
    .where(and(eq(guruQuestions.guruId, guruId), eq(guruQuestions.kind, 'faq')))
    .orderBy(asc(guruQuestions.position), asc(guruQuestions.createdAt));
  return rows.map((row) => ({
    key: `faq:${row.id}`,
    kind: 'guru_faq',
    title: 'Guru FAQ',
    courseId: null,
    videoId: null,
    materialId: null,
    content: async () => faqText(row.question, row.answer),
    passages: faqPassage,
  }));
};

/** Every provider, in the order training walks them. */
export const SOURCE_PROVIDERS: SourceProvider[] = [
  captionSources,
  segmentSources,
  materialSources,
  courseFaqSources,
  guruFaqSources,
];

/** All sources of a guru now. */
export async function gatherSources(app: App, guruId: string): Promise<GuruSource[]> {
  const courseRows = await app.db
    .select({ courseId: guruCourses.courseId })
    .from(guruCourses)
    .where(eq(guruCourses.guruId, guruId));
  const courseIds = courseRows.map((row) => row.courseId);
  const lists = await Promise.all(SOURCE_PROVIDERS.map((provider) => provider(app, guruId, courseIds)));
  return lists.flat();
}
