import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  anonymousSessionCap,
  EMBED_MSG,
  type EmbedSettings,
  embedSiteSchema,
} from '../../../common/contracts/embed';
import { embedSites, gurus } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import { payerIdOf } from '../../http/account-state';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import { loadOwnedGuru } from '../gurus/access';
import { canAnswer } from '../gurus/session-service';
import { limitOf } from '../plans/limits';
import { assertModule } from '../plans/module-access';
import { anonymousSessionsThisMonth, siteForGuru, siteOf, siteView, snippetFor } from './sites';

/** The most anonymous sessions this month under the site's share of the owner's plan (null: no limit). */
async function anonymousSessionLimit(app: App, actor: Actor, sharePercent: number): Promise<number | null> {
  const payerId = payerIdOf({ id: actor.userId, userType: actor.userType, instituteId: actor.instituteId });
  const planLimit = payerId ? await limitOf(app, actor, 'guruSessionsPerMonth') : null;
  return anonymousSessionCap(planLimit, sharePercent);
}

/**
 * /integrations: the owner's own website or app (where their gurus may be embedded) and each guru's snippet.
 * Registering or changing the site is the Integrations plan module, like the service keys; seeing and removing
 * it are not, so a plan that lost the module can still stop the embedding.
 */
export const embedSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/embed/site', { config: { access: rolesWith('author') } }, async (request) => {
    const actor = actorOf(request);
    const site = await siteOf(app, actor.userId);
    // A teacher of an institute without a site of their own embeds on the institute's (siteForGuru).
    const instituteSite = !site && actor.instituteId ? await siteOf(app, actor.instituteId) : null;
    const own = await app.db
      .select()
      .from(gurus)
      .where(eq(gurus.ownerId, actor.userId))
      .orderBy(asc(gurus.name));
    const settings: EmbedSettings = {
      site: site ? siteView(site) : null,
      instituteSite: instituteSite ? siteView(instituteSite) : null,
      gurus: own.map((guru) => ({ id: guru.id, name: guru.name, ready: canAnswer(guru) })),
      anonymousSessionsThisMonth: await anonymousSessionsThisMonth(app, actor.userId),
      anonymousSessionLimit: site
        ? await anonymousSessionLimit(app, actor, site.anonymousSharePercent)
        : null,
    };
    return settings;
  });

  app.put(
    '/api/embed/site',
    { config: { access: rolesWith('author') }, schema: { body: embedSiteSchema } },
    async (request) => {
      const actor = actorOf(request);
      await assertModule(app, actor, 'integrations', 'use');
      const { url, allowAnonymous, anonymousSharePercent } = request.body;
      const fields = {
        url,
        origin: new URL(url).origin,
        allowAnonymous,
        anonymousSharePercent,
        updatedAt: new Date(),
      };
      const [row] = await app.db
        .insert(embedSites)
        .values({ ownerId: actor.userId, ...fields })
        .onConflictDoUpdate({ target: embedSites.ownerId, set: fields })
        .returning();
      return siteView(row);
    },
  );

  app.delete('/api/embed/site', { config: { access: rolesWith('author') } }, async (request, reply) => {
    await app.db.delete(embedSites).where(eq(embedSites.ownerId, actorOf(request).userId));
    return reply.status(204).send();
  });

  app.get(
    '/api/embed/gurus/:guruId/snippet',
    {
      config: { access: rolesWith('author') },
      schema: { params: z.object({ guruId: z.uuid({ error: said('server.embed.guruNotFound').english }) }) },
    },
    async (request) => {
      const actor = actorOf(request);
      const guru = await loadOwnedGuru(app, actor, request.params.guruId);
      // Embedding is part of Integrations: a plan without it gets no new code (the page says so beforehand).
      await assertModule(app, actor, 'integrations', 'use');
      if (!(await siteForGuru(app, guru))) throw badRequest(EMBED_MSG.urlFirst, { url: EMBED_MSG.urlFirst });
      return snippetFor(app, guru);
    },
  );
};
