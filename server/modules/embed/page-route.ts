import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { gurus } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { framedByPolicy } from '../../http/security-headers';
import { CACHE } from '../../http/serving';
import { siteForGuru } from './sites';

const guruId = z.uuid();

/** The origin that may frame a guru's embed page, or null (unknown guru, no site registered). */
async function framingOrigin(app: App, id: string): Promise<string | null> {
  if (!guruId.safeParse(id).success) return null;
  const guru = await app.db.query.gurus.findFirst({ where: eq(gurus.id, id) });
  return guru ? ((await siteForGuru(app, guru))?.origin ?? null) : null;
}

/**
 * GET /embed/guru/:guruId: the web app's page for the guru inside the owner's site. Every other page of the
 * app refuses to be framed (frame-ancestors 'none', X-Frame-Options DENY); this one allows exactly the site
 * registered for the guru, decided on each request so removing the site stops the embedding at once.
 */
export const embedPageRoute: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { guruId: string } }>('/embed/guru/:guruId', async (request, reply) => {
    const origin = await framingOrigin(app, request.params.guruId);
    reply.header('content-security-policy', framedByPolicy(app.config, origin));
    // frame-ancestors supersedes X-Frame-Options in every current browser, but DENY would still win in old ones.
    if (origin) reply.removeHeader('x-frame-options');
    reply.header('cache-control', CACHE.html);
    if (typeof reply.sendFile !== 'function')
      return reply.status(503).type('text/plain').send('The web app is not built. Run npm start.');
    return reply.sendFile('index.html');
  });
};
