import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeBodySchema } from '../../../common/contracts/locale';
import { IMAGE_KINDS, type LogoPaths, updateUserInfoSchema } from '../../../common/contracts/profile';
import { ALLOWED_IMAGE_TYPES } from '../../../common/files';
import { users } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { canEditUser, canSeeUserImages } from '../../http/policies';
import { said } from '../../i18n/said';
import { type ImageSize, PICTURE_SIZES } from '../../media/image-sizes';
import { presentAccount } from '../auth/sessions';
import { imageUrlsAt, removeStoredImage, storeImageSizes, storePdfLogo, storeUpload } from '../files/uploads';

const userIdParams = z.object({
  userId: z.uuid({ error: said('server.users.schema.invalidUserId').english }),
});
const self = { access: 'any', allowWhenEnded: true } as const;
/** The sizes logo-path serves: those both a profile image and a brand logo are copied at. */
const LOGO_PATH_VERSIONS = ['tiny', 'medium'] as const satisfies readonly ImageSize[];

async function loadUser(app: App, userId: string) {
  const user = await app.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound(said('server.users.userNotFound'));
  return user;
}

async function loadEditable(app: App, actor: Actor, userId: string) {
  const user = await loadUser(app, userId);
  if (!canEditUser(actor, user)) throw forbidden();
  return user;
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // The caller's own interface language (decision 068): kept on the account, used for its e-mails and messages.
  app.put('/api/common/locale', { config: self, schema: { body: localeBodySchema } }, async (request) => {
    const actor = actorOf(request);
    await app.db.update(users).set({ locale: request.body.locale }).where(eq(users.id, actor.userId));
    return { locale: request.body.locale };
  });

  app.put(
    '/api/common/user-info/:userId',
    { config: self, schema: { params: userIdParams, body: updateUserInfoSchema } },
    async (request) => {
      const user = await loadEditable(app, actorOf(request), request.params.userId);
      // Nothing to change (an empty body, or only fields the schema strips): drizzle refuses an empty SET.
      if (Object.keys(request.body).length === 0) return presentAccount(app.db, user);
      const [updated] = await app.db.update(users).set(request.body).where(eq(users.id, user.id)).returning();
      return presentAccount(app.db, updated);
    },
  );

  app.post(
    '/api/common/user-info/:userId/image',
    { config: self, schema: { params: userIdParams, querystring: z.object({ kind: z.enum(IMAGE_KINDS) }) } },
    async (request) => {
      const user = await loadEditable(app, actorOf(request), request.params.userId);
      const { kind } = request.query;
      if (kind === 'brandLogo' && user.userType !== 'teacher' && user.userType !== 'institute') {
        throw badRequest(said('server.users.brandLogoOnly'));
      }
      const part = await request.file();
      if (!part) throw badRequest(said('server.users.chooseImage'));
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', said('server.users.imageTooLarge'));
      const { key } = await storeUpload(app, {
        ownerId: user.id,
        folder: `users/${user.id}`,
        bytes,
        claimedType: part.mimetype,
        allowed: ALLOWED_IMAGE_TYPES,
        visibility: 'shared',
      });
      // The small copies before the picture is named: a reader never finds the picture without them.
      await storeImageSizes(app, {
        key,
        bytes,
        ownerId: user.id,
        visibility: 'shared',
        sizes: PICTURE_SIZES[kind],
      });
      // A brand logo also prints on invoices of its owner's courses, where only PNG or JPEG will do.
      if (kind === 'brandLogo') await storePdfLogo(app, { key, bytes, ownerId: user.id });
      const column = kind === 'profileImage' ? { profileImagePath: key } : { brandLogoPath: key };
      const previous = kind === 'profileImage' ? user.profileImagePath : user.brandLogoPath;
      const [updated] = await app.db.update(users).set(column).where(eq(users.id, user.id)).returning();
      if (previous) await removeStoredImage(app, previous);
      return presentAccount(app.db, updated);
    },
  );

  // version names the size the caller shows the pictures at (SPEC §7: tiny for the profile image in the menu,
  // medium for a brand logo); without it, or for a picture uploaded before sizes were made, the picture itself.
  app.get(
    '/api/common/user-info/logo-path',
    {
      config: self,
      schema: {
        querystring: z.object({
          userId: z.uuid({ error: said('server.users.schema.invalidUserId').english }),
          version: z
            .enum(LOGO_PATH_VERSIONS, { error: said('server.users.schema.version').english })
            .optional(),
        }),
      },
    },
    async (request): Promise<LogoPaths> => {
      const user = await loadUser(app, request.query.userId);
      if (!canSeeUserImages(actorOf(request), user)) throw forbidden();
      const { version } = request.query;
      const keys = [user.brandLogoPath, user.profileImagePath];
      // One lookup for both pictures' copies; without a version, the pictures as uploaded.
      const urls = version ? await imageUrlsAt(app, keys, version) : null;
      const sign = (key: string | null) => (key ? (urls?.get(key) ?? app.storage.signedUrl(key)) : null);
      return { brandLogo: sign(user.brandLogoPath), profileImage: sign(user.profileImagePath) };
    },
  );
};
