import { and, asc, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  avatarSchema,
  GuruDetail,
  GuruQuestionKind,
  GuruSummary,
  introductionSchema,
  questionsSchema,
  SourceCourseOption,
  sourcesSchema,
  trainingInfoSchema,
} from '../../../common/contracts/gurus';
import { GURU_MSG } from '../../../common/gurus';
import {
  conversations,
  courseFaqs,
  courseMaterials,
  courses,
  courseVideos,
  guruCourses,
  guruQuestions,
  gurus,
  guruVideos,
  integrationKeys,
  storedFiles,
  users,
} from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest } from '../../http/errors';
import { canAuthorFor } from '../../http/policies';
import { said } from '../../i18n/said';
import { imageUrlsAt, removeStoredFile, removeStoredImage } from '../files/uploads';
import type { GuruRow } from './access';
import { GURU_LINK_SECONDS, presentGuruDetail, presentGuruSummary } from './presenters';

type TrainingInfo = z.output<typeof trainingInfoSchema>;
type Sources = z.output<typeof sourcesSchema>;
type AvatarSettings = z.output<typeof avatarSchema>;
type Introduction = z.output<typeof introductionSchema>;
type Questions = z.output<typeof questionsSchema>;

/** The gurus an actor builds: their own; an institute's and its teachers'; every guru for admins. */
function ownerScope(actor: Actor): SQL | undefined {
  if (actor.userType === 'admin') return undefined;
  if (actor.userType === 'institute') {
    return sql`(${users.id} = ${actor.userId} or ${users.instituteId} = ${actor.userId})`;
  }
  return eq(users.id, actor.userId);
}

export async function listGurus(app: App, actor: Actor): Promise<GuruSummary[]> {
  const rows = await app.db
    .select({ guru: gurus, ownerName: users.fullName })
    .from(gurus)
    .innerJoin(users, eq(users.id, gurus.ownerId))
    .where(ownerScope(actor))
    .orderBy(desc(gurus.updatedAt));
  const ids = rows.map((row) => row.guru.id);
  if (ids.length === 0) return [];
  const [titles, talks, pictures] = await Promise.all([
    app.db
      .select({ guruId: guruCourses.guruId, title: courses.title })
      .from(guruCourses)
      .innerJoin(courses, eq(courses.id, guruCourses.courseId))
      .where(inArray(guruCourses.guruId, ids))
      .orderBy(asc(courses.title)),
    app.db
      .select({ guruId: conversations.guruId, n: count() })
      .from(conversations)
      .where(inArray(conversations.guruId, ids))
      .groupBy(conversations.guruId),
    // The list shows the pictures small: their medium copies.
    imageUrlsAt(
      app,
      rows.map((row) => row.guru.avatarImagePath),
      'medium',
      GURU_LINK_SECONDS,
    ),
  ]);
  return rows.map(({ guru, ownerName }) =>
    presentGuruSummary(app, guru, {
      ownerName,
      pictures,
      courseTitles: titles.filter((t) => t.guruId === guru.id).map((t) => t.title),
      conversationCount: Number(talks.find((t) => t.guruId === guru.id)?.n ?? 0),
    }),
  );
}

/** The detail the wizard edits: the row plus its sources and questions. */
export async function guruDetail(app: App, guru: GuruRow): Promise<GuruDetail> {
  const [courseRows, videoRows, questionRows] = await Promise.all([
    app.db.select({ id: guruCourses.courseId }).from(guruCourses).where(eq(guruCourses.guruId, guru.id)),
    app.db.select({ id: guruVideos.videoId }).from(guruVideos).where(eq(guruVideos.guruId, guru.id)),
    app.db
      .select()
      .from(guruQuestions)
      .where(eq(guruQuestions.guruId, guru.id))
      .orderBy(asc(guruQuestions.position), asc(guruQuestions.createdAt)),
  ]);
  const questionsOf = (kind: GuruQuestionKind) =>
    questionRows
      .filter((q) => q.kind === kind)
      .map((q) => ({ id: q.id, question: q.question, answer: q.answer }));
  return presentGuruDetail(app, guru, {
    courseIds: courseRows.map((row) => row.id),
    videoIds: videoRows.map((row) => row.id),
    demo: questionsOf('demo'),
    faq: questionsOf('faq'),
  });
}

export async function createGuru(app: App, actor: Actor, info: TrainingInfo): Promise<GuruRow> {
  const [guru] = await app.db
    .insert(gurus)
    .values({ ...info, ownerId: actor.userId })
    .returning();
  return guru;
}

/**
 * updated_at says "the material changed" once a guru is trained (presenters.needsTraining): edits of what
 * training indexes (sources, FAQ) move it; other edits of a trained guru leave it.
 */
function touched(guru: GuruRow, material: boolean) {
  return { updatedAt: material || !guru.trainedAt ? new Date() : guru.updatedAt };
}

async function updateGuru(
  app: App,
  guru: GuruRow,
  values: Partial<typeof gurus.$inferInsert>,
  material = false,
): Promise<GuruRow> {
  const [updated] = await app.db
    .update(gurus)
    .set({ ...values, ...touched(guru, material) })
    .where(eq(gurus.id, guru.id))
    .returning();
  return updated;
}

export const updateTrainingInfo = (app: App, guru: GuruRow, info: TrainingInfo) =>
  updateGuru(app, guru, info);

/** Deletes the guru (its conversations, chunks and questions cascade), then frees its stored files. */
export async function deleteGuru(app: App, guru: GuruRow): Promise<void> {
  await app.db.delete(gurus).where(eq(gurus.id, guru.id));
  const files = await app.db
    .select({ path: storedFiles.path })
    .from(storedFiles)
    .where(like(storedFiles.path, `gurus/${guru.id}/%`));
  for (const file of files) await removeStoredFile(app, file.path);
}

/** Courses the actor may author, as `{ id, ownerId, instituteId }` of the given ids. */
async function authorableCourseIds(app: App, actor: Actor, courseIds: string[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await app.db
    .select({ id: courses.id, ownerId: users.id, instituteId: users.instituteId })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(inArray(courses.id, courseIds));
  return new Set(
    rows
      .filter((row) => canAuthorFor(actor, { id: row.ownerId, instituteId: row.instituteId }))
      .map((row) => row.id),
  );
}

/**
 * Replaces the courses and videos the guru learns from. Every course must be one the actor may author and
 * every video must belong to one of those courses; otherwise nothing changes (400).
 */
export async function setSources(app: App, actor: Actor, guru: GuruRow, input: Sources): Promise<GuruRow> {
  const courseIds = [...new Set(input.courseIds)];
  const videoIds = [...new Set(input.videoIds)];
  const allowed = await authorableCourseIds(app, actor, courseIds);
  if (courseIds.some((id) => !allowed.has(id))) {
    throw badRequest(said('server.gurus.onlyEditableCourses'));
  }
  if (videoIds.length > 0) {
    const videos = await app.db
      .select({ id: courseVideos.id, courseId: courseVideos.courseId })
      .from(courseVideos)
      .where(inArray(courseVideos.id, videoIds));
    const ofChosen = new Set(videos.filter((v) => allowed.has(v.courseId)).map((v) => v.id));
    if (videoIds.some((id) => !ofChosen.has(id))) {
      throw badRequest(said('server.gurus.onlyVideosOfCourses'));
    }
  }
  const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));
  return app.db.transaction(async (tx) => {
    const before = await Promise.all([
      tx.select({ id: guruCourses.courseId }).from(guruCourses).where(eq(guruCourses.guruId, guru.id)),
      tx.select({ id: guruVideos.videoId }).from(guruVideos).where(eq(guruVideos.guruId, guru.id)),
    ]);
    const changed =
      !sameSet(
        before[0].map((row) => row.id),
        courseIds,
      ) ||
      !sameSet(
        before[1].map((row) => row.id),
        videoIds,
      );
    await tx.delete(guruCourses).where(eq(guruCourses.guruId, guru.id));
    await tx.delete(guruVideos).where(eq(guruVideos.guruId, guru.id));
    if (courseIds.length > 0) {
      await tx.insert(guruCourses).values(courseIds.map((courseId) => ({ guruId: guru.id, courseId })));
    }
    if (videoIds.length > 0) {
      await tx.insert(guruVideos).values(videoIds.map((videoId) => ({ guruId: guru.id, videoId })));
    }
    const [updated] = await tx
      .update(gurus)
      .set(touched(guru, changed))
      .where(eq(gurus.id, guru.id))
      .returning();
    return updated;
  });
}

/** The courses the actor may author with their videos, for the course-videos step. */
export async function sourceOptions(app: App, actor: Actor): Promise<SourceCourseOption[]> {
  const courseRows = await app.db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(ownerScope(actor))
    .orderBy(asc(courses.title))
    .limit(200);
  const ids = courseRows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [videos, materials, faqs] = await Promise.all([
    app.db
      .select({
        id: courseVideos.id,
        courseId: courseVideos.courseId,
        title: courseVideos.title,
        captionsPath: courseVideos.captionsPath,
        durationSeconds: courseVideos.durationSeconds,
      })
      .from(courseVideos)
      .where(inArray(courseVideos.courseId, ids))
      .orderBy(asc(courseVideos.kind), asc(courseVideos.position)),
    app.db
      .select({ courseId: courseMaterials.courseId, n: count() })
      .from(courseMaterials)
      .where(inArray(courseMaterials.courseId, ids))
      .groupBy(courseMaterials.courseId),
    app.db
      .select({ courseId: courseFaqs.courseId, n: count() })
      .from(courseFaqs)
      .where(inArray(courseFaqs.courseId, ids))
      .groupBy(courseFaqs.courseId),
  ]);
  return courseRows.map((course) => ({
    id: course.id,
    title: course.title,
    videos: videos
      .filter((v) => v.courseId === course.id)
      .map((v) => ({
        id: v.id,
        title: v.title,
        hasCaptions: v.captionsPath !== null,
        durationSeconds: v.durationSeconds,
      })),
    materialCount: Number(materials.find((m) => m.courseId === course.id)?.n ?? 0),
    faqCount: Number(faqs.find((f) => f.courseId === course.id)?.n ?? 0),
  }));
}

/**
 * Saves the avatar step. A static avatar needs an uploaded image, D-ID needs the owner's D-ID key, a
 * Ready Player Me avatar a GLB (URL here or uploaded before).
 */
export async function setAvatar(app: App, guru: GuruRow, input: AvatarSettings): Promise<GuruRow> {
  const glbUrl = input.avatarGlbUrl === undefined ? guru.avatarGlbUrl : input.avatarGlbUrl || null;
  if (input.avatarKind === 'static' && !guru.avatarImagePath) throw badRequest(GURU_MSG.staticAvatarImage);
  if (input.avatarKind === 'readyplayerme' && !glbUrl && !guru.avatarGlbPath) {
    throw badRequest(GURU_MSG.glbRequired);
  }
  if (input.avatarKind === 'd_id') {
    const key = await app.db.query.integrationKeys.findFirst({
      where: and(eq(integrationKeys.userId, guru.ownerId), eq(integrationKeys.keyName, 'didApiKey')),
    });
    if (!key) throw badRequest(GURU_MSG.didKeyMissing);
  }
  return updateGuru(app, guru, {
    avatarKind: input.avatarKind,
    voice: input.voice,
    fallbackVoice: input.fallbackVoice,
    avatarGlbUrl: glbUrl,
  });
}

/** Points the guru at a newly stored file, then frees the file it replaces (a picture with its copies). */
export async function replaceGuruFile(
  app: App,
  guru: GuruRow,
  column: 'avatarImagePath' | 'avatarGlbPath' | 'introductionVideoPath',
  key: string,
): Promise<GuruRow> {
  const updated = await updateGuru(app, guru, { [column]: key });
  const previous = guru[column];
  if (previous && previous !== key) {
    await (column === 'avatarImagePath' ? removeStoredImage(app, previous) : removeStoredFile(app, previous));
  }
  return updated;
}

export const setIntroduction = (app: App, guru: GuruRow, input: Introduction) =>
  updateGuru(app, guru, { introductionText: input.introductionText });

/**
 * Replaces the demo or FAQ list. Unchanged entries keep their rows (and ids, so training's 'faq:<id>'
 * sources and a correction's source message stay); FAQ is material training learns from, demo is not.
 */
export async function setQuestions(
  app: App,
  guru: GuruRow,
  kind: GuruQuestionKind,
  input: Questions,
): Promise<GuruRow> {
  return app.db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(guruQuestions)
      .where(and(eq(guruQuestions.guruId, guru.id), eq(guruQuestions.kind, kind)));
    const unused = [...existing];
    let changed = false;
    for (const [position, item] of input.items.entries()) {
      const index = unused.findIndex((q) => q.question === item.question && q.answer === item.answer);
      if (index >= 0) {
        const [kept] = unused.splice(index, 1);
        if (kept.position !== position) {
          await tx.update(guruQuestions).set({ position }).where(eq(guruQuestions.id, kept.id));
        }
        continue;
      }
      changed = true;
      await tx.insert(guruQuestions).values({ guruId: guru.id, kind, ...item, position });
    }
    if (unused.length > 0) {
      changed = true;
      await tx.delete(guruQuestions).where(
        inArray(
          guruQuestions.id,
          unused.map((q) => q.id),
        ),
      );
    }
    const [updated] = await tx
      .update(gurus)
      .set(touched(guru, kind === 'faq' && changed))
      .where(eq(gurus.id, guru.id))
      .returning();
    return updated;
  });
}
