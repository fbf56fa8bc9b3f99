import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  itemTitleSchema,
  MATERIAL_MAX_BYTES,
  materialQuerySchema,
} from '../../../common/contracts/course-content';
import { actorOf } from '../../http/access';
import { AppError, badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import { assertStorageQuota } from '../files/uploads';
import {
  deleteMaterial,
  listMaterials,
  loadMaterial,
  presentMaterial,
  renameMaterial,
  uploadMaterial,
} from './material-service';
import { loadAuthoredCourse } from './service';

const courseParams = z.object({ courseId: z.uuid({ error: said('server.courses.notFound').english }) });
const materialParams = courseParams.extend({
  materialId: z.uuid({ error: said('server.courses.materialNotFound').english }),
});

/** Step "study-material": PDF uploads of a course, renamed and read through signed URLs. Authors only. */
export const materialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/courses/:courseId/materials',
    { config: { access: rolesWith('author') }, schema: { params: courseParams } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      return { materials: (await listMaterials(app, course)).map(presentMaterial) };
    },
  );

  app.post(
    '/api/courses/:courseId/materials',
    {
      config: { access: rolesWith('author') },
      schema: { params: courseParams, querystring: materialQuerySchema },
    },
    async (request, reply) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', said('server.courses.pdfNotMultipart'));
      }
      try {
        await assertStorageQuota(app, course.ownerId);
        const part = await request.file({
          limits: { fileSize: MATERIAL_MAX_BYTES, files: 1, fields: 10, parts: 20 },
          throwFileSizeLimit: false,
        });
        if (!part) throw badRequest(said('server.courses.choosePdf'));
        const material = await uploadMaterial(app, course, part, request.query.title);
        return reply.status(201).send(presentMaterial(material));
      } catch (error) {
        // Refused part-way: drop the rest of the body so the client sees the answer.
        if (!request.raw.readableEnded) request.raw.resume();
        throw error;
      }
    },
  );

  app.put(
    '/api/courses/:courseId/materials/:materialId',
    {
      config: { access: rolesWith('author') },
      schema: { params: materialParams, body: itemTitleSchema },
    },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const material = await loadMaterial(app, course, request.params.materialId);
      return presentMaterial(await renameMaterial(app, course, material, request.body.title));
    },
  );

  app.delete(
    '/api/courses/:courseId/materials/:materialId',
    { config: { access: rolesWith('author') }, schema: { params: materialParams } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const material = await loadMaterial(app, course, request.params.materialId);
      await deleteMaterial(app, course, material);
      return { ok: true };
    },
  );

  app.get(
    '/api/courses/:courseId/materials/:materialId/url',
    { config: { access: rolesWith('author') }, schema: { params: materialParams } },
    async (request) => {
      const course = await loadAuthoredCourse(app, actorOf(request), request.params.courseId);
      const material = await loadMaterial(app, course, request.params.materialId);
      return { url: app.storage.signedUrl(material.filePath) };
    },
  );
};
