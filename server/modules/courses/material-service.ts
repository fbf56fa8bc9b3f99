import type { MultipartFile } from '@fastify/multipart';
import { and, asc, eq } from 'drizzle-orm';
import type { CourseMaterial } from '../../../common/contracts/course-content';
import { MATERIAL_MAX_BYTES } from '../../../common/contracts/course-content';
import { storableBaseName, storableText } from '../../../common/files';
import { type CourseRow, courseMaterials } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError, notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { removeStoredFile, storeUpload } from '../files/uploads';
import { courseSourcesChanged } from '../gurus/training/course-changes';
import { touchCourse } from './service';
import type { CourseSnapshot } from './snapshot';

type MaterialRow = typeof courseMaterials.$inferSelect;

export const presentMaterial = (material: MaterialRow): CourseMaterial => ({
  id: material.id,
  courseId: material.courseId,
  title: material.title,
  sizeBytes: material.sizeBytes,
  createdAt: material.createdAt.toISOString(),
});

export async function listMaterials(app: App, course: CourseRow): Promise<MaterialRow[]> {
  return app.db
    .select()
    .from(courseMaterials)
    .where(eq(courseMaterials.courseId, course.id))
    .orderBy(asc(courseMaterials.createdAt), asc(courseMaterials.id));
}

export async function loadMaterial(app: App, course: CourseRow, materialId: string): Promise<MaterialRow> {
  const [material] = await app.db
    .select()
    .from(courseMaterials)
    .where(and(eq(courseMaterials.id, materialId), eq(courseMaterials.courseId, course.id)));
  if (!material) throw notFound(said('server.courses.materialNotFound'));
  return material;
}

/** Stores one uploaded PDF (its bytes decide, not its name) under the course and lists it. */
export async function uploadMaterial(
  app: App,
  course: CourseRow,
  part: MultipartFile,
  title: string | undefined,
): Promise<MaterialRow> {
  const bytes = await part.toBuffer();
  if (part.file.truncated) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      said('server.courses.materialTooLarge', { max: MATERIAL_MAX_BYTES / 1024 ** 2 }),
    );
  }
  const { key } = await storeUpload(app, {
    ownerId: course.ownerId,
    folder: `courses/${course.id}/materials`,
    bytes,
    claimedType: part.mimetype,
    allowed: ['application/pdf'],
  });
  const name = storableText(title) || storableBaseName(part.filename) || 'Study material';
  const [material] = await app.db
    .insert(courseMaterials)
    .values({ courseId: course.id, title: name, filePath: key, sizeBytes: bytes.length })
    .returning();
  await touchCourse(app, course);
  await courseSourcesChanged(app, course.id);
  return material;
}

/**
 * Renames a material (the name students see). Like any edit of the working version, an approved course
 * goes back for re-approval; the gurus learning from the course hear of it, as their citations name it.
 */
export async function renameMaterial(
  app: App,
  course: CourseRow,
  material: MaterialRow,
  title: string,
): Promise<MaterialRow> {
  if (title === material.title) return material;
  const [renamed] = await app.db
    .update(courseMaterials)
    .set({ title })
    .where(eq(courseMaterials.id, material.id))
    .returning();
  await touchCourse(app, course);
  await courseSourcesChanged(app, course.id);
  return renamed;
}

/** Deletes a material; its file stays while the live (approved) version still lists it. */
export async function deleteMaterial(app: App, course: CourseRow, material: MaterialRow): Promise<void> {
  await app.db.delete(courseMaterials).where(eq(courseMaterials.id, material.id));
  await touchCourse(app, course);
  const live = (course.approvedSnapshot as CourseSnapshot | null)?.materials?.some(
    (m) => m.id === material.id,
  );
  if (!live) await removeStoredFile(app, material.filePath);
  await courseSourcesChanged(app, course.id);
}
