import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { InsightSettings } from '../../../common/contracts/insight';
import { COUNTRIES, FALLBACK_COUNTRY, findCountry } from '../../../common/countries';
import { countryCodeForTimeZone } from '../../../common/time-zones';
import { currencyRates, storedFiles, users } from '../../db/schema/index';
import { actorOf } from '../../http/access';
import { forbidden, notFound } from '../../http/errors';
import { canSeeUserImages } from '../../http/policies';
import { said } from '../../i18n/said';

const publicAccess = { access: 'public' } as const;

export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/common/currency-rate', { config: publicAccess }, async () => {
    const [row] = await app.db.select().from(currencyRates).orderBy(desc(currencyRates.updatedAt)).limit(1);
    if (!row) return {};
    return { ...row.rates, _id: row.id };
  });

  app.get('/api/common/insight', { config: publicAccess }, async (): Promise<InsightSettings> => {
    const { insight, publicUrl } = app.config;
    return {
      insight: insight ? { ...insight, productionOrigin: new URL(publicUrl).origin } : null,
      testPayments: app.config.testPaymentsNotice,
    };
  });

  app.get(
    '/api/common/system-country-info',
    { config: publicAccess, schema: { querystring: z.object({ timeZone: z.string().max(64).optional() }) } },
    async (request) => {
      const code = request.query.timeZone ? countryCodeForTimeZone(request.query.timeZone) : undefined;
      const country = code ? findCountry(code) : undefined;
      const chosen = country ?? FALLBACK_COUNTRY;
      return {
        name: chosen.name,
        code: chosen.code,
        currency: chosen.currency,
        symbol: chosen.symbol,
        isFallback: !country,
      };
    },
  );

  app.get(
    '/api/common/countries',
    {
      config: publicAccess,
      schema: { querystring: z.object({ countryCode: z.string().max(3).optional() }) },
    },
    async (request) => {
      const selected = request.query.countryCode ? findCountry(request.query.countryCode) : undefined;
      // The caller's own country comes first so pickers open on it.
      const countries = selected
        ? [selected, ...COUNTRIES.filter((c) => c.code !== selected.code)]
        : [...COUNTRIES];
      return { countries };
    },
  );

  app.get(
    '/api/common/presigned-data',
    {
      config: { access: 'any', allowWhenEnded: true },
      schema: { querystring: z.object({ path: z.string().min(1).max(500) }) },
    },
    async (request) => {
      const actor = actorOf(request);
      const file = await app.db.query.storedFiles.findFirst({
        where: eq(storedFiles.path, request.query.path),
      });
      if (!file) throw notFound(said('server.common.fileNotFound'));
      const owner = file.ownerId
        ? await app.db.query.users.findFirst({ where: eq(users.id, file.ownerId) })
        : undefined;
      const mayRead =
        actor.userType === 'admin' ||
        file.ownerId === actor.userId ||
        (file.visibility === 'shared' && owner !== undefined && canSeeUserImages(actor, owner));
      if (!mayRead) throw forbidden();
      return { data: app.storage.signedUrl(file.path) };
    },
  );
};
