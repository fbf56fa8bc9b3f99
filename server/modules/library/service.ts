import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, desc, eq, inArray, isNotNull, like, ne, type SQL, sql } from 'drizzle-orm';
import { requiredText } from '../../../common/contracts/fields';
import type {
  LibrarySettingsInput,
  LibrarySummary,
  ReadyLibrary,
  SegmentsInput,
} from '../../../common/contracts/library';
import { languageOfText } from '../../../common/languages';
import { LIBRARY_LIMITS, LIBRARY_MSG } from '../../../common/library';
import { courseLibraries, librarySegments, storedFiles, users } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { said } from '../../i18n/said';
import { SLIDE_LIMIT_MESSAGE } from '../../media/pdf-slides';
import { assertStorageQuota, removeStoredFile } from '../files/uploads';
import { limitOf } from '../plans/limits';
import type { LibraryRow } from './access';
import { blankSlidePng } from './blank-slide';
import { cancelGeneration } from './generation';
import {
  presentLibrarySummary,
  presentReadyLibrary,
  type SegmentRow,
  segmentsByLibrary,
  segmentsOf,
  slideLimitOfOwner,
} from './presenters';
import { type DeckUpload, libraryFolder, slidesOfDeck, storeSlideImage } from './uploads';

const titleField = requiredText(LIBRARY_LIMITS.titleMax);

/** Libraries the actor may open: their own; an institute's teachers' too; every library for an admin. */
function ownerScope(actor: Actor): SQL | undefined {
  if (actor.userType === 'admin') return undefined;
  if (actor.userType === 'institute') {
    return sql`(${users.id} = ${actor.userId} or ${users.instituteId} = ${actor.userId})`;
  }
  return eq(users.id, actor.userId);
}

/** Changing a library while its video renders would make the job's work stale: wait or cancel first. */
export function assertNotGenerating(library: LibraryRow): void {
  if (library.status === 'generating') throw new AppError('CONFLICT', LIBRARY_MSG.busy);
}

/** The title field, or the file's name without its extension when left empty. */
function libraryTitle(upload: DeckUpload): string {
  const fromFile = path.parse(upload.fileName).name.trim().slice(0, LIBRARY_LIMITS.titleMax);
  const given = upload.title.trim() ? upload.title : fromFile || 'Untitled library';
  const parsed = titleField.safeParse(given);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Please check the title';
    throw badRequest(message, { title: message });
  }
  return parsed.data;
}

/** Removes every stored file of a library (slides, avatar, rendered segments, the finished lesson). */
async function removeLibraryFiles(app: App, libraryId: string): Promise<void> {
  const files = await app.db
    .select({ path: storedFiles.path })
    .from(storedFiles)
    .where(like(storedFiles.path, `${libraryFolder(libraryId)}/%`));
  for (const file of files) await removeStoredFile(app, file.path);
}

/**
 * A new library from an uploaded deck: one segment per slide, its narration starting as the page's text.
 * The plan's slide limit is checked before any page is drawn; nothing is kept when anything fails. Slides whose
 * text could not be read (a font with no letters) are named, so the upload can say what to do.
 */
export async function createLibrary(
  app: App,
  actor: Actor,
  upload: DeckUpload,
): Promise<{ library: LibraryRow; unreadableSlides: number[] }> {
  const title = libraryTitle(upload);
  const limit = await limitOf(app, actor, 'slidesPerLibrary');
  const slides = await slidesOfDeck(app, upload.bytes, limit);
  if (slides.length > LIBRARY_LIMITS.segmentsMax) {
    throw forbidden(said('server.library.tooManySegments', { max: LIBRARY_LIMITS.segmentsMax }));
  }
  await assertStorageQuota(
    app,
    actor.userId,
    slides.reduce((total, slide) => total + slide.image.length, 0),
  );
  const [library] = await app.db
    .insert(courseLibraries)
    .values({
      id: randomUUID(),
      ownerId: actor.userId,
      title,
      sourceName: upload.fileName.slice(0, 255),
      // The deck's script names its language until the teacher chooses (a Hindi deck is narrated in Hindi).
      language: languageOfText(slides.map((slide) => `${slide.heading} ${slide.text}`).join(' ')),
    })
    .returning();
  try {
    const rows = [];
    for (const [index, slide] of slides.entries()) {
      rows.push({
        libraryId: library.id,
        position: index,
        page: slide.page,
        heading: slide.heading.slice(0, LIBRARY_LIMITS.narrationMax),
        slidePath: await storeSlideImage(app, actor.userId, library.id, slide.image),
        description: slide.text.slice(0, LIBRARY_LIMITS.narrationMax),
      });
    }
    if (rows.length > 0) await app.db.insert(librarySegments).values(rows);
    const unreadableSlides = slides.flatMap((slide, index) => (slide.unreadable ? [index + 1] : []));
    return { library, unreadableSlides };
  } catch (error) {
    await app.db.delete(courseLibraries).where(eq(courseLibraries.id, library.id));
    await removeLibraryFiles(app, library.id);
    throw error;
  }
}

export async function listLibraries(app: App, actor: Actor): Promise<LibrarySummary[]> {
  const rows = await app.db
    .select({ library: courseLibraries })
    .from(courseLibraries)
    .innerJoin(users, eq(users.id, courseLibraries.ownerId))
    .where(ownerScope(actor))
    .orderBy(desc(courseLibraries.updatedAt));
  const segments = await segmentsByLibrary(
    app,
    rows.map((row) => row.library.id),
  );
  return rows.map(({ library }) => presentLibrarySummary(app, library, segments.get(library.id) ?? []));
}

/** Libraries with a finished video, for a course's "Add from course library". */
export async function readyLibraries(app: App, actor: Actor): Promise<ReadyLibrary[]> {
  const rows = await app.db
    .select({ library: courseLibraries })
    .from(courseLibraries)
    .innerJoin(users, eq(users.id, courseLibraries.ownerId))
    .where(and(ownerScope(actor), isNotNull(courseLibraries.videoPath), isNotNull(courseLibraries.hlsPath)))
    .orderBy(desc(courseLibraries.generatedAt));
  return rows.map(({ library }) => presentReadyLibrary(app, library));
}

export async function updateSettings(
  app: App,
  library: LibraryRow,
  input: LibrarySettingsInput,
): Promise<LibraryRow> {
  assertNotGenerating(library);
  // The status is checked again in the update itself: a generation started a moment ago wins.
  const [updated] = await app.db
    .update(courseLibraries)
    // A voice not chosen yet (null or absent) keeps the stored one: a chosen voice is changed, never removed.
    .set({
      ...input,
      voice: input.voice ?? undefined,
      fallbackVoice: input.fallbackVoice ?? undefined,
      updatedAt: new Date(),
    })
    .where(and(eq(courseLibraries.id, library.id), ne(courseLibraries.status, 'generating')))
    .returning();
  if (!updated) throw new AppError('CONFLICT', LIBRARY_MSG.busy);
  return updated;
}

export async function setAvatarImage(app: App, library: LibraryRow, key: string): Promise<LibraryRow> {
  const [updated] = await app.db
    .update(courseLibraries)
    .set({ avatarImagePath: key, updatedAt: new Date() })
    .where(eq(courseLibraries.id, library.id))
    .returning();
  if (library.avatarImagePath && library.avatarImagePath !== key) {
    await removeStoredFile(app, library.avatarImagePath);
  }
  return updated;
}

/** Refuses more segments than the owner's plan allows (checked on upload, saving and generating). */
export async function assertWithinSlideLimit(app: App, library: LibraryRow, count: number): Promise<void> {
  const limit = await slideLimitOfOwner(app, library.ownerId);
  if (limit !== null && count > limit) throw forbidden(SLIDE_LIMIT_MESSAGE);
}

/** Files of removed segments that no remaining segment still uses (a copied slide shares its key). */
function orphanedFiles(removed: SegmentRow[], kept: { slidePath: string; videoPath: string | null }[]) {
  const inUse = new Set(kept.flatMap((segment) => [segment.slidePath, segment.videoPath]));
  const files = removed.flatMap((segment) => [segment.slidePath, segment.videoPath]);
  return [...new Set(files)].filter((file): file is string => Boolean(file) && !inUse.has(file));
}

/**
 * Saves the segments as one ordered list: listed ids are kept and edited, new entries are added (a copy
 * of another segment's slide, or a blank one), omitted ones are deleted; positions follow the list.
 */
export async function replaceSegments(
  app: App,
  library: LibraryRow,
  input: SegmentsInput,
): Promise<LibraryRow> {
  assertNotGenerating(library);
  if (input.segments.length === 0) throw badRequest(LIBRARY_MSG.lastSegment);
  await assertWithinSlideLimit(app, library, input.segments.length);
  const existing = await segmentsOf(app, library.id);
  const byId = new Map(existing.map((segment) => [segment.id, segment]));
  const listed = new Set<string>();
  for (const segment of input.segments) {
    if (segment.id && !byId.has(segment.id)) throw badRequest(said('server.library.segmentNotInLibrary'));
    if (segment.id && listed.has(segment.id)) throw badRequest(said('server.library.segmentListedTwice'));
    if (segment.id) listed.add(segment.id);
    if (segment.copySlideOf && !byId.has(segment.copySlideOf)) {
      throw badRequest(said('server.library.copiedSlideNotInLibrary'));
    }
  }

  // New blank slides are stored first: a failure here leaves the saved segments as they were.
  const blankKeys = new Map<number, string>();
  for (const [index, segment] of input.segments.entries()) {
    if (!segment.id && !segment.copySlideOf) {
      blankKeys.set(index, await storeSlideImage(app, library.ownerId, library.id, await blankSlidePng()));
    }
  }

  const removed = existing.filter((segment) => !listed.has(segment.id));
  const kept = await saveSegmentList(app, library, input, { byId, blankKeys, removed }).catch(
    async (error: unknown) => {
      for (const key of blankKeys.values()) await removeStoredFile(app, key);
      throw error;
    },
  );
  for (const file of orphanedFiles(removed, kept)) await removeStoredFile(app, file);
  return { ...library, updatedAt: new Date() };
}

/** The database half of replaceSegments, in one transaction: kept rows updated, new ones added, the rest deleted. */
async function saveSegmentList(
  app: App,
  library: LibraryRow,
  input: SegmentsInput,
  plan: { byId: Map<string, SegmentRow>; blankKeys: Map<number, string>; removed: SegmentRow[] },
) {
  const { byId, blankKeys, removed } = plan;
  return app.db.transaction(async (tx) => {
    // Locks the library so a generation cannot start half-way through the save.
    const [locked] = await tx
      .select({ status: courseLibraries.status })
      .from(courseLibraries)
      .where(eq(courseLibraries.id, library.id))
      .for('update');
    if (locked?.status === 'generating') throw new AppError('CONFLICT', LIBRARY_MSG.busy);
    const now = new Date();
    const rows: { slidePath: string; videoPath: string | null }[] = [];
    for (const [position, segment] of input.segments.entries()) {
      const description = (segment.description ?? '').trim();
      const current = segment.id ? byId.get(segment.id) : undefined;
      if (current) {
        await tx
          .update(librarySegments)
          .set({ position, description, updatedAt: now })
          .where(eq(librarySegments.id, current.id));
        rows.push(current);
        continue;
      }
      const source = segment.copySlideOf ? byId.get(segment.copySlideOf) : undefined;
      const slidePath = source?.slidePath ?? (blankKeys.get(position) as string);
      await tx.insert(librarySegments).values({
        libraryId: library.id,
        position,
        slidePath,
        page: source?.page ?? null,
        // A copied slide shows the same title.
        heading: source?.heading ?? '',
        description,
      });
      rows.push({ slidePath, videoPath: null });
    }
    if (removed.length > 0) {
      await tx.delete(librarySegments).where(
        inArray(
          librarySegments.id,
          removed.map((segment) => segment.id),
        ),
      );
    }
    await tx.update(courseLibraries).set({ updatedAt: now }).where(eq(courseLibraries.id, library.id));
    return rows;
  });
}

/** Deletes a library and all its files; a running generation is cancelled first so it stops writing. */
export async function deleteLibrary(app: App, library: LibraryRow): Promise<void> {
  if (library.status === 'generating') {
    await cancelGeneration(app, library).catch((error: unknown) =>
      app.log.warn(
        { err: error, libraryId: library.id },
        'could not cancel the generation of a deleted library',
      ),
    );
  }
  await app.db.delete(courseLibraries).where(eq(courseLibraries.id, library.id));
  await removeLibraryFiles(app, library.id);
}
