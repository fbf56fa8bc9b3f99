import { and, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CatalogCourse, CatalogPage } from '../../../common/contracts/catalog';
import { containsPattern } from '../../db/like-pattern';
import { type CourseRow, courses, users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import type { CourseSnapshot } from '../courses/snapshot';
import { imageUrlsAt } from '../files/uploads';

export const CATALOG_PAGE_SIZE = 12;

export interface CatalogQuery {
  search?: string;
  category?: string;
  level?: string;
  language?: string;
  price?: 'free' | 'paid';
  page: number;
}

type SnapshotVideo = CourseSnapshot['videos'][number];

/** The live (approved) version of a course, or null while it has never been approved. */
export const liveSnapshot = (course: Pick<CourseRow, 'approvedSnapshot'>) =>
  course.approvedSnapshot as CourseSnapshot | null;

export const lessonsOf = (snapshot: CourseSnapshot): SnapshotVideo[] =>
  snapshot.videos.filter((video) => video.kind === 'lesson').sort((a, b) => a.position - b.position);
export const previewsOf = (snapshot: CourseSnapshot): SnapshotVideo[] =>
  snapshot.videos.filter((video) => video.kind === 'preview').sort((a, b) => a.position - b.position);

/** The public playlist URL of a preview video of the live version. */
export const previewPlaylistUrl = (courseId: string, videoId: string) =>
  `/api/catalog/courses/${courseId}/previews/${videoId}/hls/index.m3u8`;

const info = (field: string) => sql`(${courses.approvedSnapshot} -> 'info' ->> ${field})`;

/** A teacher's institute, joined for its brand logo. */
const institutes = alias(users, 'institutes');
/** The brand a course shows: its teacher's logo, or else their institute's. */
const brandLogoPath = sql<string | null>`coalesce(${users.brandLogoPath}, ${institutes.brandLogoPath})`;

/**
 * A course card as anyone sees it in the catalog: only what the live snapshot says. `pictures`: the course
 * pictures of a page of cards at the size cards show them (imageUrlsAt); without it, the picture as uploaded.
 */
export function presentCatalogCourse(
  app: App,
  course: CourseRow,
  teacherName: string,
  brandLogoUrl: string | null,
  pictures?: Map<string, string>,
): CatalogCourse {
  const snapshot = liveSnapshot(course) as CourseSnapshot;
  const lessons = lessonsOf(snapshot);
  const previews = previewsOf(snapshot);
  const picture = snapshot.info.thumbnailPath;
  return {
    id: course.id,
    title: snapshot.info.title,
    description: snapshot.info.description,
    category: snapshot.info.category,
    level: snapshot.info.level,
    language: snapshot.info.language,
    price: Number(snapshot.info.price) || 0,
    currency: snapshot.info.currency,
    teacherName,
    lessonCount: lessons.length,
    previewCount: previews.length,
    totalSeconds: Math.round(lessons.reduce((sum, video) => sum + (video.durationSeconds ?? 0), 0)),
    thumbnailUrl: picture ? (pictures?.get(picture) ?? app.storage.signedUrl(picture)) : null,
    brandLogoUrl,
  };
}

/** Approved courses (those with a live snapshot), newest approval first, filtered on the snapshot. */
export async function listCatalog(app: App, query: CatalogQuery): Promise<CatalogPage> {
  const conditions: (SQL | undefined)[] = [isNotNull(courses.approvedSnapshot)];
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      sql`(${info('title')} ilike ${pattern} or ${info('description')} ilike ${pattern} or ${info('category')} ilike ${pattern} or ${users.fullName} ilike ${pattern})`,
    );
  }
  if (query.category) conditions.push(sql`${info('category')} = ${query.category}`);
  if (query.level) conditions.push(sql`${info('level')} = ${query.level}`);
  if (query.language) conditions.push(sql`${info('language')} = ${query.language}`);
  if (query.price === 'free') conditions.push(sql`coalesce(${info('price')}::numeric, 0) = 0`);
  if (query.price === 'paid') conditions.push(sql`coalesce(${info('price')}::numeric, 0) > 0`);
  const where = and(...conditions);
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(where);
  const rows = await app.db
    .select({ course: courses, teacherName: users.fullName, brandLogoPath })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .leftJoin(institutes, eq(institutes.id, users.instituteId))
    .where(where)
    .orderBy(desc(courses.reviewedAt), desc(courses.id))
    .limit(CATALOG_PAGE_SIZE)
    .offset((query.page - 1) * CATALOG_PAGE_SIZE);
  const logos = await imageUrlsAt(
    app,
    rows.map((row) => row.brandLogoPath),
    'medium',
  );
  // Cards are about 300 CSS px wide: the large copy (640 px) stays sharp on high-density screens.
  const pictures = await imageUrlsAt(
    app,
    rows.map((row) => liveSnapshot(row.course)?.info.thumbnailPath ?? null),
    'large',
  );
  return {
    courses: rows.map((row) =>
      presentCatalogCourse(
        app,
        row.course,
        row.teacherName,
        row.brandLogoPath ? (logos.get(row.brandLogoPath) ?? null) : null,
        pictures,
      ),
    ),
    total,
    page: query.page,
    pageSize: CATALOG_PAGE_SIZE,
  };
}

/** A course with a live version and its teacher's name, or 404 for a draft, pending or unknown one. */
export async function loadLiveCourse(app: App, courseId: string) {
  const [row] = await app.db
    .select({ course: courses, teacherName: users.fullName, instituteId: users.instituteId, brandLogoPath })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .leftJoin(institutes, eq(institutes.id, users.instituteId))
    .where(and(eq(courses.id, courseId), isNotNull(courses.approvedSnapshot)));
  if (!row) throw notFound(said('server.catalog.courseNotFound'));
  return { ...row, snapshot: liveSnapshot(row.course) as CourseSnapshot };
}
