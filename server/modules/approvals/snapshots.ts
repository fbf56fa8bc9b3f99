import { asc, eq } from 'drizzle-orm';
import type { SnapshotChange } from '../../../common/contracts/approvals';
import type { Db } from '../../db/client';
import { type CourseRow, courseFaqs, courseMaterials, courseVideos } from '../../db/schema/index';
import { type CourseSnapshot, liveQuizzes, type SnapshotQuiz } from '../courses/snapshot';
import { buildQuizSnapshots, describeSnapshotQuiz, quizChanged } from '../quizzes/snapshot-quizzes';

type Executor = Pick<Db, 'select'>;

export async function buildSnapshot(db: Executor, course: CourseRow): Promise<CourseSnapshot> {
  const videos = await db
    .select()
    .from(courseVideos)
    .where(eq(courseVideos.courseId, course.id))
    .orderBy(asc(courseVideos.position));
  const faqs = await db
    .select()
    .from(courseFaqs)
    .where(eq(courseFaqs.courseId, course.id))
    .orderBy(asc(courseFaqs.position));
  const materials = await db.select().from(courseMaterials).where(eq(courseMaterials.courseId, course.id));
  const quizzes = await buildQuizSnapshots(db, course.id);
  return {
    info: {
      title: course.title,
      description: course.description,
      category: course.category,
      level: course.level,
      language: course.language,
      price: course.price,
      currency: course.currency,
      passingScore: course.passingScore,
      thumbnailPath: course.thumbnailPath,
    },
    videos: videos
      .filter((video) => video.processingStatus === 'ready')
      .map((video) => ({
        id: video.id,
        kind: video.kind,
        title: video.title,
        position: video.position,
        hlsPath: video.hlsPath,
        posterPath: video.posterPath,
        captionsPath: video.captionsPath,
        durationSeconds: video.durationSeconds,
      })),
    faqs: faqs.map((faq) => ({ id: faq.id, question: faq.question, answer: faq.answer })),
    materials: materials.map((material) => ({
      id: material.id,
      title: material.title,
      filePath: material.filePath,
    })),
    quizzes,
  };
}

/** The course form's names for the fields a re-approval can change (never a column or storage name). */
const INFO_LABELS: Record<keyof CourseSnapshot['info'], string> = {
  title: 'Title',
  description: 'Description',
  category: 'Category',
  level: 'Level',
  language: 'Language',
  price: 'Price',
  currency: 'Currency',
  passingScore: 'Passing score',
  thumbnailPath: 'Course picture',
};

/** A field's value as the admin reads it: a picture is there or not, never where it is stored. */
function infoValue(key: keyof CourseSnapshot['info'], value: unknown): string {
  if (key === 'thumbnailPath') return value ? 'a picture' : 'no picture';
  return String(value ?? '');
}

/** What changed since the approved version, in words an admin can review. */
export function diffSnapshots(approved: CourseSnapshot, current: CourseSnapshot): SnapshotChange[] {
  const changes: SnapshotChange[] = [];
  for (const key of Object.keys(current.info) as (keyof CourseSnapshot['info'])[]) {
    const before = approved.info[key];
    const after = current.info[key];
    if (String(before ?? '') !== String(after ?? '')) {
      const replaced = key === 'thumbnailPath' && before && after;
      changes.push({
        area: 'info',
        kind: 'changed',
        label: INFO_LABELS[key],
        before: infoValue(key, before),
        after: replaced ? 'a new picture' : infoValue(key, after),
      });
    }
  }
  const lists = [
    [
      'videos',
      (v: CourseSnapshot['videos'][number]) => `${v.kind === 'preview' ? 'Preview' : 'Lesson'}: ${v.title}`,
    ],
    ['faqs', (f: CourseSnapshot['faqs'][number]) => `${f.question} — ${f.answer}`],
    ['materials', (m: CourseSnapshot['materials'][number]) => m.title],
  ] as const;
  for (const [area, describe] of lists) {
    const describeAny = describe as (item: unknown) => string;
    const before = new Map((approved[area] as { id: string }[]).map((item) => [item.id, describeAny(item)]));
    const after = new Map((current[area] as { id: string }[]).map((item) => [item.id, describeAny(item)]));
    for (const [id, text] of after) {
      if (!before.has(id)) changes.push({ area, kind: 'added', label: text });
      else if (before.get(id) !== text)
        changes.push({ area, kind: 'changed', label: text, before: before.get(id), after: text });
    }
    for (const [id, text] of before) if (!after.has(id)) changes.push({ area, kind: 'removed', label: text });
  }
  const approvedVideos = new Map(approved.videos.map((video) => [video.id, video]));
  for (const video of current.videos) {
    const before = approvedVideos.get(video.id);
    if (!before || (before.captionsPath ?? null) === (video.captionsPath ?? null)) continue;
    const state = (path: string | null | undefined) => (path ? 'captions' : 'no captions');
    changes.push({
      area: 'videos',
      kind: 'changed',
      label: `Captions of ${video.kind === 'preview' ? 'preview' : 'lesson'} “${video.title}”`,
      before: state(before.captionsPath),
      after: before.captionsPath && video.captionsPath ? 'new captions' : state(video.captionsPath),
    });
  }
  changes.push(...diffQuizzes(liveQuizzes(approved), liveQuizzes(current)));
  return changes;
}

/** Quizzes added, removed, and changed (title, settings or any question). */
function diffQuizzes(approved: SnapshotQuiz[], current: SnapshotQuiz[]): SnapshotChange[] {
  const changes: SnapshotChange[] = [];
  const before = new Map(approved.map((quiz) => [quiz.id, quiz]));
  const after = new Set(current.map((quiz) => quiz.id));
  for (const quiz of current) {
    const old = before.get(quiz.id);
    const label = `Quiz “${quiz.title}”`;
    if (!old) changes.push({ area: 'quizzes', kind: 'added', label, after: describeSnapshotQuiz(quiz) });
    else if (quizChanged(old, quiz)) {
      const [was, now] = [describeSnapshotQuiz(old), describeSnapshotQuiz(quiz)];
      changes.push({
        area: 'quizzes',
        kind: 'changed',
        label,
        before: was,
        after: was === now ? `${now} (questions or settings edited)` : now,
      });
    }
  }
  for (const quiz of approved) {
    if (!after.has(quiz.id)) {
      changes.push({
        area: 'quizzes',
        kind: 'removed',
        label: `Quiz “${quiz.title}”`,
        before: describeSnapshotQuiz(quiz),
      });
    }
  }
  return changes;
}
