import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseExports,
  courseFaqs,
  courseMaterials,
  ltiPlatforms,
  quizQuestions,
  storedFiles,
} from '../../db/schema/index';
import { readStoredBytes } from '../../providers/storage/storage';
import { makeTestClip } from '../../test/clips';
import { insertCourse, insertReadyLesson } from '../../test/courses';
import { buildAndLogin, buildUser } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { insertQuiz, options, TRUE_FALSE, tinyPdf } from '../../test/quizzes';
import { multipart, tinyPng } from '../../test/uploads';
import { storageUsedBytes } from '../files/uploads';
import { planStorageBytes } from '../plans/limits';
import { readQtiPackage } from '../quizzes/import/qti';
import { childElements, descendants, parseXml, textOf } from '../quizzes/import/xml-tree';
import { removeOldExports } from './cleanup';

let ctx: TestContext;
let dir = '';
type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-export-test-'));
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nनमस्ते, points and lines\n';

/** A course of `owner` with a real lesson (uploaded and packaged as HLS by the app), captions, a quiz, material. */
async function exportableCourse(owner: Session) {
  const course = await insertCourse(ctx.app, owner.user.id, { title: 'बिंदु और रेखाएँ', language: 'Hindi' });
  const clip = makeTestClip({ seconds: 2 });
  const file = multipart('lesson.mp4', 'video/mp4', clip.bytes);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${course.id}/videos?kind=lesson&title=Points`,
    payload: file.payload,
    headers: { ...owner.headers, ...file.headers },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const videoId = uploaded.json().id as string;
  const vtt = multipart('captions.vtt', 'text/vtt', Buffer.from(VTT));
  const captions = await ctx.app.inject({
    method: 'PUT',
    url: `/api/courses/${course.id}/videos/${videoId}/captions`,
    payload: vtt.payload,
    headers: { ...owner.headers, ...vtt.headers },
  });
  expect(captions.statusCode, captions.body).toBe(200);
  const pictureKey = `courses/${course.id}/quiz-images/figure.png`;
  await ctx.app.storage.put(pictureKey, tinyPng(), 'image/png');
  const { quizId } = await insertQuiz(ctx.app, course.id, { title: 'Check', passPercent: 60 }, [
    { type: 'single', prompt: 'Pick B', options: options(['A', 'B'], [1]), marks: 2 },
    { type: 'multiple', prompt: 'Pick A and C', options: options(['A', 'B', 'C'], [0, 2]), marks: 2 },
    { type: 'true_false', prompt: 'A line is straight', options: TRUE_FALSE(true) },
    { type: 'short', prompt: 'Name the point', acceptedAnswers: ['Bindu'] },
    { type: 'long', prompt: 'Explain a ray', marks: 3 },
    { type: 'file', prompt: 'Upload a drawing', marks: 2 },
  ]);
  await ctx.app.db
    .update(quizQuestions)
    .set({ images: [{ key: pictureKey, alt: 'दो रेखाएँ' }] })
    .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.prompt, 'Pick B')));
  const pdfKey = `courses/${course.id}/materials/notes.pdf`;
  await ctx.app.storage.put(pdfKey, tinyPdf(), 'application/pdf');
  await ctx.app.db
    .insert(courseMaterials)
    .values({ courseId: course.id, title: 'Notes', filePath: pdfKey, sizeBytes: tinyPdf().length });
  await ctx.app.db
    .insert(courseFaqs)
    .values({ courseId: course.id, question: 'क्या?', answer: 'हाँ।', position: 0 });
  return { course, videoId, quizId };
}

async function exportAs(headers: Headers, courseId: string, format: string) {
  const asked = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/exports`,
    payload: { format },
    headers,
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const { exportId } = asked.json();
  // Jobs run inline in tests: the package is built by now.
  const polled = await ctx.app.inject({
    method: 'GET',
    url: `/api/courses/${courseId}/exports/${exportId}`,
    headers,
  });
  expect(polled.statusCode, polled.body).toBe(200);
  return { exportId: exportId as string, status: polled.json() };
}

async function packageFiles(exportId: string) {
  const [row] = await ctx.app.db.select().from(courseExports).where(eq(courseExports.id, exportId));
  const bytes = await readStoredBytes(ctx.app.storage, row.filePath ?? '');
  if (!bytes) throw new Error('package missing');
  return { row, files: unzipSync(new Uint8Array(bytes)) };
}

const manifestHrefs = (manifest: string) =>
  descendants(parseXml(manifest), 'file').map((file) => file.attrs.href);

function courseData(files: Record<string, Uint8Array>) {
  const html = strFromU8(files['index.html']);
  const json = /<script type="application\/json" id="gurukul-course">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? '{}');
}

function probe(bytes: Uint8Array) {
  const file = path.join(dir, `probe-${Math.random().toString(36).slice(2)}.mp4`);
  writeFileSync(file, bytes);
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], {
      encoding: 'utf8',
    }),
  );
}

describe('course export', () => {
  let owner: Session;
  let built: Awaited<ReturnType<typeof exportableCourse>>;
  beforeAll(async () => {
    owner = await buildAndLogin(ctx.app, { userType: 'teacher' });
    built = await exportableCourse(owner);
  });

  it('packages a course as SCORM 1.2: manifest, every named file, a playable MP4, captions, quiz, material', async () => {
    const { exportId, status } = await exportAs(owner.headers, built.course.id, 'scorm12');
    expect(status).toMatchObject({ status: 'ready', progress: 100, error: null, format: 'scorm12' });
    expect(status.url).toMatch(/^\/api\/files\/.*signature=/);
    const download = await ctx.app.inject({ method: 'GET', url: status.url });
    expect(download.statusCode).toBe(200);
    expect(status.fileName).toMatch(/scorm12\.zip$/);
    // Saved under the course's name, not the export's id (the storage names the attachment by the key's last part).
    const savedAs = /filename="([^"]+)"/.exec(String(download.headers['content-disposition']))?.[1];
    expect(savedAs).toBe(status.fileName.match(/^[\w.-]+$/) ? status.fileName : 'course-scorm12.zip');
    const { files, row } = await packageFiles(exportId);
    expect(status.sizeBytes).toBe(row.sizeBytes);
    const manifest = strFromU8(files['imsmanifest.xml']);
    const root = parseXml(manifest);
    expect(textOf(descendants(root, 'schemaversion')[0])).toContain('1.2');
    expect(manifest).toContain('<schema>ADL SCORM</schema>');
    const resource = descendants(root, 'resource')[0];
    expect(resource.attrs.scormtype).toBe('sco');
    expect(resource.attrs.href).toBe('index.html');
    const hrefs = manifestHrefs(manifest);
    for (const href of hrefs) expect(files[href], href).toBeDefined();
    expect(hrefs).toEqual(
      expect.arrayContaining(['index.html', 'player.js', 'player.css', 'lessons/01/video.mp4']),
    );

    const media = probe(files['lessons/01/video.mp4']);
    expect(media.streams.map((s: { codec_name: string }) => s.codec_name)).toEqual(
      expect.arrayContaining(['h264', 'aac']),
    );
    expect(Number(media.format.duration)).toBeGreaterThan(1.5);
    expect(strFromU8(files['lessons/01/captions.vtt'])).toContain('नमस्ते');

    const data = courseData(files);
    expect(data).toMatchObject({ format: 'scorm12', lang: 'hi', title: 'बिंदु और रेखाएँ', passPercent: 60 });
    expect(data.strings.submit).toBe('उत्तर जमा करें');
    expect(data.lessons[0]).toMatchObject({
      video: 'lessons/01/video.mp4',
      captions: 'lessons/01/captions.vtt',
    });
    const questions = data.quizzes[0].questions;
    expect(questions.map((q: { type: string }) => q.type)).toEqual([
      'single',
      'multiple',
      'true_false',
      'short',
      'long',
      'file',
    ]);
    expect(questions[0]).toMatchObject({ correct: ['o2'], marks: 2 });
    expect(questions[0].images[0].alt).toBe('दो रेखाएँ');
    expect(files[questions[0].images[0].src]).toBeDefined();
    expect(questions[3].accepted).toEqual(['Bindu']);
    expect(data.materials[0].title).toBe('Notes');
    expect(strFromU8(files[data.materials[0].href]).startsWith('%PDF')).toBe(true);
    expect(data.faqs).toEqual([{ question: 'क्या?', answer: 'हाँ।' }]);
    // The stored package counts toward the owner's storage.
    const [stored] = await ctx.app.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.path, row.filePath ?? ''));
    expect(stored.ownerId).toBe(owner.user.id);
  });

  it('packages SCORM 2004 4th Edition with one SCO that sets its own completion', async () => {
    const { exportId, status } = await exportAs(owner.headers, built.course.id, 'scorm2004');
    expect(status.status).toBe('ready');
    const { files } = await packageFiles(exportId);
    const manifest = strFromU8(files['imsmanifest.xml']);
    const root = parseXml(manifest);
    expect(textOf(descendants(root, 'schemaversion')[0])).toBe('2004 4th Edition');
    expect(descendants(root, 'item')).toHaveLength(1);
    expect(descendants(root, 'resource')[0].attrs.scormType).toBe('sco');
    for (const href of manifestHrefs(manifest)) expect(files[href], href).toBeDefined();
    expect(courseData(files).format).toBe('scorm2004');
  });

  it('packages Common Cartridge 1.3 with the quiz as QTI 2.1, and an LTI link once the institute registered an LMS', async () => {
    const plain = await exportAs(owner.headers, built.course.id, 'cc13');
    expect(plain.status.fileName).toMatch(/\.imscc$/);
    const { files } = await packageFiles(plain.exportId);
    const manifest = strFromU8(files['imsmanifest.xml']);
    expect(manifest).toContain('xmlns="http://www.imsglobal.org/xsd/imsccv1p3/imscp_v1p1"');
    expect(textOf(descendants(parseXml(manifest), 'schemaversion')[0])).toBe('1.3.0');
    for (const href of manifestHrefs(manifest)) expect(files[href], href).toBeDefined();
    const bank = readQtiPackage(files['quizzes/01/qti21.zip']);
    expect(bank.questions.map((q) => q.question.type)).toEqual([
      'single',
      'multiple',
      'true_false',
      'short',
      'long',
      'file',
    ]);
    expect(bank.questions[0].images[0]?.alt).toBe('दो रेखाएँ');
    expect(manifest).not.toContain('imsbasiclti_xmlv1p0');

    // A teacher of an institute that registered an LMS: the cartridge links back to the course in Gurukul.
    const institute = await buildUser(ctx.app, { userType: 'institute' });
    const faculty = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.id });
    await ctx.app.db.insert(ltiPlatforms).values({
      ownerId: institute.id,
      name: 'Moodle',
      issuer: 'https://moodle.example.test',
      clientId: 'client-1',
      deploymentIds: ['1'],
      loginUrl: 'https://moodle.example.test/auth',
      tokenUrl: 'https://moodle.example.test/token',
      keysetUrl: 'https://moodle.example.test/jwks',
    });
    const theirs = await exportableCourse(faculty);
    const linked = await exportAs(faculty.headers, theirs.course.id, 'cc13');
    const cartridge = (await packageFiles(linked.exportId)).files;
    const ccManifest = strFromU8(cartridge['imsmanifest.xml']);
    const lti = descendants(parseXml(ccManifest), 'resource').find(
      (resource) => resource.attrs.type === 'imsbasiclti_xmlv1p0',
    );
    expect(lti).toBeDefined();
    const link = strFromU8(cartridge['lti/gurukul-course.xml']);
    expect(link).toContain(
      `<blti:launch_url>http://gurukul.test/subscribed-courses?courseId=${theirs.course.id}</blti:launch_url>`,
    );
    expect(link).toContain('<lticm:property name="gurukul_kind">course</lticm:property>');
    expect(link).toContain(`<lticm:property name="gurukul_id">${theirs.course.id}</lticm:property>`);
  });

  it('gives a quiz as a QTI 2.1 zip that Gurukul reads back, pictures included', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/quizzes/${built.quizId}/export/qti`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('attachment');
    const bank = readQtiPackage(new Uint8Array(response.rawPayload));
    expect(bank.questions).toHaveLength(6);
    expect(bank.questions[3].question.acceptedAnswers).toEqual(['Bindu']);
    const zip = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(zip).some((name) => name.endsWith('.png'))).toBe(true);
    const manifest = parseXml(strFromU8(zip['imsmanifest.xml']));
    expect(childElements(manifest).length).toBeGreaterThan(0);
  });

  it('lets only the course authors ask, and answers 404 for an unknown course or export', async () => {
    const other = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const student = await buildAndLogin(ctx.app, { userType: 'student' });
    const url = `/api/courses/${built.course.id}/exports`;
    const ask = (headers: Headers) =>
      ctx.app.inject({ method: 'POST', url, payload: { format: 'scorm12' }, headers });
    expect((await ask(other.headers)).statusCode).toBe(403);
    expect((await ask(student.headers)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url, payload: { format: 'scorm12' } })).statusCode).toBe(
      401,
    );
    const { exportId } = await exportAs(owner.headers, built.course.id, 'scorm12');
    const poll = (headers: Headers) => ctx.app.inject({ method: 'GET', url: `${url}/${exportId}`, headers });
    expect((await poll(other.headers)).statusCode).toBe(403);
    expect((await poll(student.headers)).statusCode).toBe(403);
    const stranger = await insertCourse(ctx.app, other.user.id);
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${stranger.id}/exports/${exportId}`,
      headers: other.headers,
    });
    expect(elsewhere.statusCode).toBe(404);
    const qti = (headers: Headers) =>
      ctx.app.inject({ method: 'GET', url: `/api/quizzes/${built.quizId}/export/qti`, headers });
    expect((await qti(other.headers)).statusCode).toBe(403);
    expect((await qti(student.headers)).statusCode).toBe(403);
    const bad = await ask(owner.headers).then(() =>
      ctx.app.inject({ method: 'POST', url, payload: { format: 'zip' }, headers: owner.headers }),
    );
    expect(bad.statusCode).toBe(400);
  });

  it('refuses when the owner storage is full, and fails the job in words when the package does not fit', async () => {
    const full = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const theirs = await exportableCourse(full);
    const quota = (await planStorageBytes(ctx.app, full.user.id)) ?? ctx.config.storageQuotaBytes;
    const usedByCourse = await storageUsedBytes(ctx.app, full.user.id);
    await ctx.app.db.insert(storedFiles).values({
      path: `users/${full.user.id}/filler.bin`,
      ownerId: full.user.id,
      contentType: 'application/octet-stream',
      category: 'document',
      sizeBytes: quota,
      visibility: 'private',
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${theirs.course.id}/exports`,
      payload: { format: 'scorm12' },
      headers: full.headers,
    });
    expect(refused.statusCode).toBe(413);
    // Nearly full: the request is taken, the built package does not fit, and the export says so.
    await ctx.app.db
      .update(storedFiles)
      .set({ sizeBytes: quota - usedByCourse - 1000 })
      .where(eq(storedFiles.path, `users/${full.user.id}/filler.bin`));
    const { status } = await exportAs(full.headers, theirs.course.id, 'scorm12');
    expect(status).toMatchObject({ status: 'failed', url: null });
    expect(status.error).toMatch(/storage/i);
  });

  it('fails in words when a lesson video cannot be read, and refuses a course without a ready lesson', async () => {
    const course = await insertCourse(ctx.app, owner.user.id);
    const none = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/exports`,
      payload: { format: 'scorm12' },
      headers: owner.headers,
    });
    expect(none.statusCode).toBe(400);
    await insertReadyLesson(ctx.app, course.id, 'Lost lesson');
    const { status } = await exportAs(owner.headers, course.id, 'scorm2004');
    expect(status).toMatchObject({ status: 'failed', url: null });
    expect(status.error).toContain('Lost lesson');
  });

  it('answers a second ask with the build already under way, not another copy of every lesson', async () => {
    const [working] = await ctx.app.db
      .insert(courseExports)
      .values({ courseId: built.course.id, requestedBy: owner.user.id, format: 'scorm2004' })
      .returning();
    const asked = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${built.course.id}/exports`,
      payload: { format: 'scorm2004' },
      headers: owner.headers,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().exportId).toBe(working.id);
    await ctx.app.db.delete(courseExports).where(eq(courseExports.id, working.id));
  });

  it('keeps the newest package per course and format, and none older than 7 days', async () => {
    const before = await ctx.app.db
      .select()
      .from(courseExports)
      .where(eq(courseExports.courseId, built.course.id));
    await removeOldExports(ctx.app);
    const after = await ctx.app.db
      .select()
      .from(courseExports)
      .where(eq(courseExports.courseId, built.course.id));
    expect(before.length).toBeGreaterThan(after.length);
    const kept = new Map(after.map((row) => [row.format, row]));
    expect(after).toHaveLength(kept.size);
    for (const row of before.filter((r) => !after.some((a) => a.id === r.id))) {
      if (row.filePath) expect(await ctx.app.storage.read(row.filePath)).toBeNull();
    }
    await removeOldExports(ctx.app, new Date(Date.now() + 8 * 24 * 60 * 60_000));
    expect(
      await ctx.app.db.select().from(courseExports).where(eq(courseExports.courseId, built.course.id)),
    ).toHaveLength(0);
  });
});
