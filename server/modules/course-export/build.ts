import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { CourseExportFormat } from '../../../common/contracts/course-export';
import { languageCode } from '../../../common/languages';
import {
  type CourseExportRow,
  type CourseRow,
  courseExports,
  courseFaqs,
  courseMaterials,
  courses,
  courseVideos,
  ltiPlatforms,
  quizQuestions,
  quizzes,
  users,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { SERVER_EN, SERVER_HI } from '../../i18n/catalog';
import { type Said, said } from '../../i18n/said';
import { HLS_PLAYLIST, HLS_SEGMENT_PATTERN, MediaError, runProgram } from '../../media/ffmpeg';
import { readStoredBytes } from '../../providers/storage/storage';
import { readyLessonsOf } from '../courses/video-service';
import { assertStorageQuota, putStoredFile } from '../files/uploads';
import { fileNameOf, quizQtiPackage } from '../quizzes/qti-export-routes';
import { launchPage, type PackageData, UI_KEYS } from './launch-page';
import { CC_LTI_FILE, ltiLinkXml, manifestFor, type PackageFile } from './manifests';
import { PackageWriter } from './package-writer';
import { PLAYER_CSS, PLAYER_JS } from './player-script';

/** Thrown for a failure whose words are for the author (a lesson's video missing); anything else is a bug. */
export class ExportRefused extends Error {
  constructor(readonly text: Said) {
    super(text.english);
  }
}

const FORMAT_SUFFIX: Record<CourseExportFormat, string> = {
  scorm12: 'scorm12.zip',
  scorm2004: 'scorm2004.zip',
  cc13: 'cc13.imscc',
};

/** A lesson's stored HLS copied out and remuxed (no re-encoding: the segments are H.264 + AAC) into one MP4. */
async function lessonMp4(app: App, hlsPath: string, work: string, durationSeconds: number): Promise<string> {
  const folder = path.posix.dirname(hlsPath);
  const local = await mkdtemp(path.join(work, 'hls-'));
  const playlist = await readStoredBytes(app.storage, hlsPath);
  if (!playlist) throw new Error(`missing playlist ${hlsPath}`);
  const text = playlist.toString('utf8');
  const segments = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => HLS_SEGMENT_PATTERN.test(line));
  if (segments.length === 0) throw new Error(`no segments in ${hlsPath}`);
  for (const segment of segments) {
    const stored = await app.storage.read(`${folder}/${segment}`);
    if (!stored) throw new Error(`missing segment ${folder}/${segment}`);
    await pipeline(stored.stream, createWriteStream(path.join(local, segment)));
  }
  await writeFile(path.join(local, HLS_PLAYLIST), text);
  const mp4 = path.join(work, 'lesson.mp4');
  await runProgram(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
      ...['-i', path.join(local, HLS_PLAYLIST)],
      ...['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-bsf:a', 'aac_adtstoasc'],
      ...['-movflags', '+faststart', mp4],
    ],
    { timeoutMs: 120_000 + Math.ceil(durationSeconds * 2_000), what: 'Making the lesson MP4' },
  );
  await rm(local, { recursive: true, force: true });
  return mp4;
}

/** The LMS registration that makes a cartridge's LTI link useful: the owner's institute's (or the owner's own). */
async function ltiRegistrationOf(app: App, course: CourseRow): Promise<boolean> {
  const owner = await app.db.query.users.findFirst({
    where: eq(users.id, course.ownerId),
    columns: { id: true, instituteId: true },
  });
  const owners = [course.ownerId, owner?.instituteId].filter((id): id is string => Boolean(id));
  const [platform] = await app.db
    .select({ id: ltiPlatforms.id })
    .from(ltiPlatforms)
    .where(or(...owners.map((id) => eq(ltiPlatforms.ownerId, id))))
    .limit(1);
  return Boolean(platform);
}

const pad = (n: number) => String(n).padStart(2, '0');

async function setProgress(app: App, exportId: string, progress: number) {
  await app.db
    .update(courseExports)
    .set({ progress: Math.max(0, Math.min(99, Math.round(progress))) })
    .where(and(eq(courseExports.id, exportId), eq(courseExports.status, 'working')));
}

/** Builds the package of an export row into `zipFile`. */
async function writePackage(
  app: App,
  row: CourseExportRow,
  course: CourseRow,
  work: string,
  zipFile: string,
) {
  const format = row.format as CourseExportFormat;
  const lessons = await app.db
    .select()
    .from(courseVideos)
    .where(readyLessonsOf(course.id))
    .orderBy(asc(courseVideos.position), asc(courseVideos.createdAt));
  if (lessons.length === 0) throw new ExportRefused(said('server.course-export.noLessons'));
  const faqs = await app.db
    .select()
    .from(courseFaqs)
    .where(eq(courseFaqs.courseId, course.id))
    .orderBy(asc(courseFaqs.position));
  const materials = await app.db
    .select()
    .from(courseMaterials)
    .where(eq(courseMaterials.courseId, course.id))
    .orderBy(asc(courseMaterials.createdAt));
  const quizRows = await app.db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.courseId, course.id), isNull(quizzes.archivedAt)))
    .orderBy(asc(quizzes.position), asc(quizzes.createdAt));
  const questionRows =
    quizRows.length === 0
      ? []
      : await app.db
          .select()
          .from(quizQuestions)
          .where(
            inArray(
              quizQuestions.quizId,
              quizRows.map((quiz) => quiz.id),
            ),
          )
          .orderBy(asc(quizQuestions.position));
  const quizList = quizRows
    .map((quiz) => ({ quiz, questions: questionRows.filter((question) => question.quizId === quiz.id) }))
    .filter((entry) => entry.questions.length > 0);

  const writer = new PackageWriter(zipFile);
  const files: PackageFile[] = [];
  try {
    const data: PackageData = {
      format,
      lang: languageCode(course.language) === 'hi' ? 'hi' : 'en',
      languageName: course.language,
      title: course.title,
      description: course.description,
      passPercent: 0,
      lessons: [],
      quizzes: [],
      materials: [],
      faqs: faqs.map((faq) => ({ question: faq.question, answer: faq.answer })),
      strings: {},
    };
    const catalog: Record<string, string> = data.lang === 'hi' ? SERVER_HI : SERVER_EN;
    data.strings = Object.fromEntries(
      UI_KEYS.map((key) => [key.replace('server.course-export.ui.', ''), catalog[key] ?? SERVER_EN[key]]),
    );

    // Lessons: most of the work, so most of the progress.
    for (const [index, lesson] of lessons.entries()) {
      const folder = `lessons/${pad(index + 1)}`;
      if (!lesson.hlsPath)
        throw new ExportRefused(said('server.course-export.lessonMissing', { title: lesson.title }));
      let mp4: string;
      try {
        mp4 = await lessonMp4(app, lesson.hlsPath, work, lesson.durationSeconds ?? 0);
      } catch (error) {
        app.log.warn({ err: error, videoId: lesson.id }, 'course export: lesson video unreadable');
        throw new ExportRefused(said('server.course-export.lessonMissing', { title: lesson.title }));
      }
      await writer.stream(`${folder}/video.mp4`, createReadStream(mp4));
      await rm(mp4, { force: true });
      files.push({ href: `${folder}/video.mp4`, role: 'lesson', group: index + 1, title: lesson.title });
      let captions: string | null = null;
      if (lesson.captionsPath) {
        const vtt = await readStoredBytes(app.storage, lesson.captionsPath);
        if (vtt) {
          captions = `${folder}/captions.vtt`;
          await writer.text(captions, new Uint8Array(vtt));
          files.push({ href: captions, role: 'lesson', group: index + 1 });
        }
      }
      let poster: string | null = null;
      if (lesson.posterPath) {
        const stored = await app.storage.read(lesson.posterPath);
        if (stored) {
          poster = `${folder}/poster.jpg`;
          await writer.stream(poster, stored.stream);
          files.push({ href: poster, role: 'lesson', group: index + 1 });
        }
      }
      data.lessons.push({
        title: lesson.title,
        video: `${folder}/video.mp4`,
        captions,
        poster,
        duration: lesson.durationSeconds ?? 0,
      });
      await setProgress(app, row.id, 5 + (80 * (index + 1)) / lessons.length);
    }

    for (const [index, material] of materials.entries()) {
      const stored = await app.storage.read(material.filePath);
      if (!stored) continue;
      const ext = path.extname(material.filePath).toLowerCase() || '.pdf';
      const href = `material/${pad(index + 1)}-${fileNameOf(material.title, 'material')}${ext}`;
      await writer.stream(href, stored.stream);
      files.push({ href, role: 'material', group: index + 1, title: material.title });
      data.materials.push({ title: material.title, href });
    }
    await setProgress(app, row.id, 88);

    for (const [quizIndex, { quiz, questions }] of quizList.entries()) {
      const folder = `quizzes/${pad(quizIndex + 1)}`;
      const shown = [];
      for (const [qIndex, question] of questions.entries()) {
        const images = [];
        for (const [iIndex, image] of question.images.entries()) {
          const bytes = await readStoredBytes(app.storage, image.key);
          if (!bytes) continue;
          const href = `${folder}/images/${pad(qIndex + 1)}-${iIndex + 1}${path.extname(image.key).toLowerCase()}`;
          await writer.text(href, new Uint8Array(bytes));
          files.push({ href, role: 'support' });
          images.push({ src: href, alt: image.alt });
        }
        shown.push({
          type: question.type,
          prompt: question.prompt,
          images,
          options: question.options.map((option) => ({ id: option.id, text: option.text })),
          correct: question.options.filter((option) => option.correct).map((option) => option.id),
          accepted: question.acceptedAnswers,
          marks: question.marks,
          negativeMarks: question.negativeMarks,
          explanation: question.explanation,
        });
      }
      data.quizzes.push({
        title: quiz.title,
        instructions: quiz.instructions,
        passPercent: quiz.passPercent,
        questions: shown,
      });
      // The same quiz as IMS QTI 2.1, for an LMS's own quiz engine (Common Cartridge lists it as a resource).
      const qti = await quizQtiPackage(app, quiz, questions);
      const href = `${folder}/qti21.zip`;
      await writer.text(href, qti);
      files.push({ href, role: 'quiz', group: quizIndex + 1, title: quiz.title });
    }
    // One quiz: its pass mark. Several: their marks added up, judged by the course's passing score (or, when the
    // course has none, the strictest quiz's). No quiz: no score, the course is complete once its lessons are.
    data.passPercent =
      data.quizzes.length === 1
        ? data.quizzes[0].passPercent
        : course.passingScore > 0
          ? course.passingScore
          : Math.max(0, ...data.quizzes.map((quiz) => quiz.passPercent));

    await writer.text('player.js', PLAYER_JS);
    await writer.text('player.css', PLAYER_CSS);
    await writer.text('index.html', launchPage(data));
    const page: PackageFile[] = [
      { href: 'index.html', role: 'page' },
      { href: 'player.js', role: 'page' },
      { href: 'player.css', role: 'page' },
    ];
    const ltiLink = format === 'cc13' && (await ltiRegistrationOf(app, course));
    if (ltiLink) {
      const base = app.config.publicUrl;
      await writer.text(
        CC_LTI_FILE,
        ltiLinkXml({
          title: course.title,
          description: course.description,
          targetUrl: `${base}/subscribed-courses?courseId=${course.id}`,
          loginUrl: `${base}/api/lti/login`,
          redirectUrl: `${base}/api/lti/launch`,
          courseId: course.id,
        }),
      );
    }
    await writer.text(
      'imsmanifest.xml',
      manifestFor(format, {
        identifier: `gurukul-course-${course.id}`,
        title: course.title,
        description: course.description,
        language: data.lang,
        files: [...page, ...files],
        ltiLink,
      }),
    );
    await writer.close();
  } catch (error) {
    writer.abort();
    throw error;
  }
}

/** The job: builds the package, stores it under the course owner, and records the outcome on the export row. */
export async function runCourseExport(app: App, exportId: string): Promise<void> {
  const [row] = await app.db.select().from(courseExports).where(eq(courseExports.id, exportId));
  if (row?.status !== 'working') return;
  const [course] = await app.db.select().from(courses).where(eq(courses.id, row.courseId));
  if (!course) return;
  const log = app.log.child({ job: 'course-export', exportId, courseId: course.id });
  const work = await mkdtemp(path.join(os.tmpdir(), 'gurukul-export-'));
  const started = Date.now();
  try {
    await mkdir(work, { recursive: true });
    const zipFile = path.join(work, 'package.zip');
    await writePackage(app, row, course, work, zipFile);
    const { size } = await stat(zipFile);
    await assertStorageQuota(app, course.ownerId, size);
    const format = row.format as CourseExportFormat;
    const fileName = `${fileNameOf(course.title, 'course')}-${FORMAT_SUFFIX[format]}`;
    // The key's last part is the name the download is saved under (the storage serves it as the attachment's
    // file name); keys are ASCII, so a title in another script is saved as "course-…".
    const saveAs = /^[\w.-]+$/.test(fileName) ? fileName : `course-${FORMAT_SUFFIX[format]}`;
    const key = `courses/${course.id}/exports/${row.id}/${saveAs}`;
    await putStoredFile(app, course.ownerId, key, zipFile, 'application/zip');
    await app.db
      .update(courseExports)
      .set({
        status: 'ready',
        progress: 100,
        filePath: key,
        fileName,
        sizeBytes: size,
        finishedAt: new Date(),
      })
      .where(eq(courseExports.id, row.id));
    log.info({ ms: Date.now() - started, bytes: size }, 'course exported');
  } catch (error) {
    const refused =
      error instanceof ExportRefused
        ? error.text.english
        : error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE'
          ? error.message
          : error instanceof MediaError && error.kind === 'input'
            ? error.message
            : null;
    if (!refused) log.error({ err: error }, 'course export failed');
    await app.db
      .update(courseExports)
      .set({
        status: 'failed',
        error: refused ?? said('server.course-export.buildFailed').english,
        finishedAt: new Date(),
      })
      .where(eq(courseExports.id, row.id));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
