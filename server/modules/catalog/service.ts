import { and, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CatalogCourse, CatalogPage } from '../../../common/contracts/catalog';
import { containsPattern } from '../../db/like-pattern';
import { type CourseRow, courses, users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import type { CourseSnapshot } from '../courses/snapshot';
import { imageUrlsBySize } from '../files/uploads';

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

/** What a course card is drawn from: the live snapshot's info and its lessons' figures. */
export interface CardSource {
  id: string;
  info: CourseSnapshot['info'];
  lessonCount: number;
  previewCount: number;
  totalSeconds: number;
}

/** A card's source from a course row, for a single course (the catalog's list reads the figures in SQL). */
export function cardSourceOf(course: CourseRow): CardSource {
  const snapshot = liveSnapshot(course) as CourseSnapshot;
  const lessons = lessonsOf(snapshot);
  return {
    id: course.id,
    info: snapshot.info,
    lessonCount: lessons.length,
    previewCount: previewsOf(snapshot).length,
    totalSeconds: lessons.reduce((sum, video) => sum + (video.durationSeconds ?? 0), 0),
  };
}

/**
 * A course card as anyone sees it in the catalog: only what the live snapshot says. `pictures`: the course
 * pictures of a page of cards at the size cards show them (imageUrlsAt); without it, the picture as uploaded.
 */
export function presentCatalogCourse(
  app: App,
  source: CardSource,
  teacherName: string,
  brandLogoUrl: string | null,
  pictures?: Map<string, string>,
): CatalogCourse {
  const { info } = source;
  const picture = info.thumbnailPath;
  return {
    id: source.id,
    title: info.title,
    description: info.description,
    category: info.category,
    level: info.level,
    language: info.language,
    price: Number(info.price) || 0,
    currency: info.currency,
    teacherName,
    lessonCount: source.lessonCount,
    previewCount: source.previewCount,
    totalSeconds: Math.round(source.totalSeconds),
    thumbnailUrl: picture ? (pictures?.get(picture) ?? app.storage.signedUrl(picture)) : null,
    brandLogoUrl,
  };
}

/** A filter that applies only when its value is given: one statement serves every combination of filters. */
const whenGiven = (name: string, condition: SQL) =>
  sql`(${sql.placeholder(name)}::text is null or ${condition})`;

/**
 * One page of the catalog in one statement, prepared once per connection (issue 38): the cards' fields and their
 * lessons' figures computed from the snapshot by PostgreSQL (a page never carries twelve whole snapshots), the
 * total as a window over the same rows.
 */
function prepareCatalogPage(db: App['db']) {
  const videos = sql`jsonb_array_elements(coalesce(${courses.approvedSnapshot} -> 'videos', '[]'::jsonb))`;
  const pattern = sql.placeholder('pattern');
  return db
    .select({
      id: courses.id,
      info: sql<CourseSnapshot['info']>`${courses.approvedSnapshot} -> 'info'`,
      figures: sql<{ lessons: number; previews: number; seconds: number }>`(
        select jsonb_build_object(
          'lessons', count(*) filter (where video ->> 'kind' = 'lesson'),
          'previews', count(*) filter (where video ->> 'kind' = 'preview'),
          'seconds', coalesce(sum((video ->> 'durationSeconds')::float8) filter (where video ->> 'kind' = 'lesson'), 0))
        from ${videos} as video)`,
      teacherName: users.fullName,
      brandLogoPath,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .leftJoin(institutes, eq(institutes.id, users.instituteId))
    .where(
      and(
        isNotNull(courses.approvedSnapshot),
        whenGiven(
          'pattern',
          sql`(${info('title')} ilike ${pattern} or ${info('description')} ilike ${pattern} or ${info('category')} ilike ${pattern} or ${users.fullName} ilike ${pattern})`,
        ),
        whenGiven('category', sql`${info('category')} = ${sql.placeholder('category')}`),
        whenGiven('level', sql`${info('level')} = ${sql.placeholder('level')}`),
        whenGiven('language', sql`${info('language')} = ${sql.placeholder('language')}`),
        whenGiven(
          'price',
          sql`(case ${sql.placeholder('price')}::text when 'free' then coalesce(${info('price')}::numeric, 0) = 0 else coalesce(${info('price')}::numeric, 0) > 0 end)`,
        ),
      ),
    )
    .orderBy(desc(courses.reviewedAt), desc(courses.id))
    .limit(CATALOG_PAGE_SIZE)
    .offset(sql.placeholder('offset'))
    .prepare('catalog_page');
}

const catalogPages = new WeakMap<App['db'], ReturnType<typeof prepareCatalogPage>>();

/** Approved courses (those with a live snapshot), newest approval first, filtered on the snapshot. */
export async function listCatalog(app: App, query: CatalogQuery): Promise<CatalogPage> {
  let statement = catalogPages.get(app.db);
  if (!statement) {
    statement = prepareCatalogPage(app.db);
    catalogPages.set(app.db, statement);
  }
  const search = query.search?.trim();
  const values = {
    pattern: search ? containsPattern(search) : null,
    category: query.category || null,
    level: query.level || null,
    language: query.language || null,
    price: query.price ?? null,
    offset: (query.page - 1) * CATALOG_PAGE_SIZE,
  };
  const rows = await statement.execute(values);
  // A page past the last has no rows to carry the total: only then is it counted on its own.
  const total = rows[0]?.total ?? (query.page > 1 ? await countCatalog(statement, values) : 0);
  const { large: pictures, medium: logos } = await imageUrlsBySize(app, {
    // Cards are about 300 CSS px wide: the large copy (640 px) stays sharp on high-density screens.
    large: rows.map((row) => row.info.thumbnailPath ?? null),
    medium: rows.map((row) => row.brandLogoPath),
  });
  return {
    courses: rows.map((row) =>
      presentCatalogCourse(
        app,
        {
          id: row.id,
          info: row.info,
          lessonCount: row.figures.lessons,
          previewCount: row.figures.previews,
          totalSeconds: row.figures.seconds,
        },
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

/** The number of matching courses, asked as the first page's window (a page past the end has none). */
async function countCatalog(
  statement: ReturnType<typeof prepareCatalogPage>,
  values: Record<string, unknown>,
): Promise<number> {
  const [first] = await statement.execute({ ...values, offset: 0 });
  return first?.total ?? 0;
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
