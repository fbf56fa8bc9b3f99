import { and, eq } from 'drizzle-orm';
import type {
  AuthorLessonNotes,
  LearnerLessonNotes,
  LessonNotesUpdateInput,
} from '../../../common/contracts/lesson-notes';
import { type LessonNotesRow, lessonNotes } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import type { DraftPassage } from '../question-drafts/course-text';
import { nounsAmong } from '../question-drafts/course-text';
import { type LessonVideo, lessonText } from './source';
import { draftLessonNotes, type LessonNotesDraft, lessonTextHash, nounSenses } from './summarise';

/** The notes as stored, and whether the teacher's edit is older than the lesson's text. */
export interface CurrentNotes {
  row: LessonNotesRow;
  stale: boolean;
  /** The hash of the lesson's text now. */
  hash: string;
}

async function draftFrom(passages: readonly DraftPassage[], language: string): Promise<LessonNotesDraft> {
  const nouns = await nounsAmong(passages.map((passage) => passage.text));
  return draftLessonNotes(passages, language, nouns, await nounSenses(nouns));
}

async function readRow(app: App, videoId: string): Promise<LessonNotesRow | undefined> {
  const [row] = await app.db.select().from(lessonNotes).where(eq(lessonNotes.videoId, videoId));
  return row;
}

/**
 * A lesson's notes, drafted on first read and again whenever the lesson's text has changed since (checked on
 * every read by its hash, so no edit path has to remember to): notes the teacher edited are kept, and marked stale.
 */
export async function currentNotes(app: App, video: LessonVideo): Promise<CurrentNotes> {
  const { language, passages } = await lessonText(app, video);
  const hash = lessonTextHash(passages, language);
  let row = await readRow(app, video.id);
  if (!row) {
    const draft = await draftFrom(passages, language);
    [row] = await app.db
      .insert(lessonNotes)
      .values({ videoId: video.id, sourceHash: hash, ...draft })
      .onConflictDoNothing()
      .returning();
    row ??= await readRow(app, video.id);
  } else if (row.sourceHash !== hash && !row.edited) {
    const draft = await draftFrom(passages, language);
    // Only while still unedited: a teacher's save landing meanwhile is never overwritten.
    const [updated] = await app.db
      .update(lessonNotes)
      .set({ ...draft, sourceHash: hash, updatedAt: new Date() })
      .where(and(eq(lessonNotes.videoId, video.id), eq(lessonNotes.edited, false)))
      .returning();
    row = updated ?? (await readRow(app, video.id));
  }
  if (!row) throw new Error(`lesson notes of ${video.id} not stored`);
  return { row, stale: row.edited && row.sourceHash !== hash, hash };
}

/** Drafts both lists afresh from the lesson as it is now; the teacher's edits go, the hidden flags stay. */
export async function regenerateNotes(app: App, video: LessonVideo): Promise<CurrentNotes> {
  const { language, passages } = await lessonText(app, video);
  const hash = lessonTextHash(passages, language);
  const draft = await draftFrom(passages, language);
  const [row] = await app.db
    .insert(lessonNotes)
    .values({ videoId: video.id, sourceHash: hash, ...draft })
    .onConflictDoUpdate({
      target: lessonNotes.videoId,
      set: { ...draft, sourceHash: hash, edited: false, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error(`lesson notes of ${video.id} not stored`);
  return { row, stale: false, hash };
}

/**
 * The teacher's edit: a list given replaces the saved one and marks the notes edited (against the lesson's
 * text as it is now, so they are no longer stale); the hidden flags change alone without marking anything.
 */
/** Marks that turn text around or hide it (U+202E shows a line reversed to every student); ZWJ/ZWNJ stay. */
const TURNS_OR_HIDES = /[\p{Cc}\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u;

/**
 * Refuses an edit students could not read: a mark that turns or hides text, or a moment past the lesson's end
 * (a "▶ 24:00:00" that plays nothing). Nothing is saved then.
 */
function refuseUnreadable(video: LessonVideo, input: LessonNotesUpdateInput): void {
  const texts = [
    ...(input.summary ?? []).map((line) => line.text),
    ...(input.glossary ?? []).flatMap((entry) => [entry.term, entry.explanation]),
  ];
  if (texts.some((text) => TURNS_OR_HIDES.test(text)))
    throw badRequest(said('server.lesson-notes.textCharacters'));
  const end = video.durationSeconds;
  const moments = [...(input.summary ?? []), ...(input.glossary ?? [])].map((line) => line.seconds);
  if (end !== null && moments.some((seconds) => seconds !== null && seconds > end + 1)) {
    throw badRequest(said('server.lesson-notes.pastTheEnd', { seconds: Math.floor(end) }));
  }
}

export async function updateNotes(
  app: App,
  video: LessonVideo,
  input: LessonNotesUpdateInput,
): Promise<CurrentNotes> {
  refuseUnreadable(video, input);
  const current = await currentNotes(app, video);
  const content = input.summary !== undefined || input.glossary !== undefined;
  const [row] = await app.db
    .update(lessonNotes)
    .set({
      ...(input.summary !== undefined ? { summary: input.summary } : {}),
      ...(input.glossary !== undefined ? { glossary: input.glossary } : {}),
      ...(input.summaryHidden !== undefined ? { summaryHidden: input.summaryHidden } : {}),
      ...(input.glossaryHidden !== undefined ? { glossaryHidden: input.glossaryHidden } : {}),
      ...(content ? { edited: true, sourceHash: current.hash } : {}),
      updatedAt: new Date(),
    })
    .where(eq(lessonNotes.videoId, video.id))
    .returning();
  if (!row) throw new Error(`lesson notes of ${video.id} not stored`);
  return { row, stale: row.edited && row.sourceHash !== current.hash, hash: current.hash };
}

export function presentForAuthors({ row, stale }: CurrentNotes): AuthorLessonNotes {
  return {
    summary: row.summary,
    glossary: row.glossary,
    summaryHidden: row.summaryHidden,
    glossaryHidden: row.glossaryHidden,
    edited: row.edited,
    stale,
  };
}

/** What students see: a hidden list is null. Authors looking at the player see both, and the flags. */
export function presentForLearners({ row }: CurrentNotes, author: boolean): LearnerLessonNotes {
  if (author) {
    return {
      summary: row.summary,
      glossary: row.glossary,
      summaryHidden: row.summaryHidden,
      glossaryHidden: row.glossaryHidden,
    };
  }
  return {
    summary: row.summaryHidden ? null : row.summary,
    glossary: row.glossaryHidden ? null : row.glossary,
  };
}
