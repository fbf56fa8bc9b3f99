import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import { notFound } from '../../http/errors';
import { said } from '../../i18n/said';
import { latestRates, refreshRatesFromSource, type StoredRates, saveAdminRates } from './currency-service';

const ADMIN = { access: rolesWith('administer') } as const;

/** The public answer's shape (as GET /api/common/currency-rate): the rates plus the row id as `_id`. */
const asPublic = (stored: StoredRates) => ({ ...stored.rates, _id: stored.id });

/** Exchange rates (admin): read with their source and time, replace by hand, or refresh from the source. */
export const currencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/currency-rates', { config: ADMIN }, async () => {
    const latest = await latestRates(app);
    if (!latest) throw notFound(said('server.billing.noRates'));
    return latest;
  });

  app.put(
    '/api/admin/currency-rates',
    // The rates are checked by checkRates, whose messages name the bad entry.
    { config: ADMIN, schema: { body: z.object({ rates: z.unknown() }) } },
    async (request) => asPublic(await saveAdminRates(app, request.body.rates)),
  );

  app.post('/api/admin/currency-rates/refresh', { config: ADMIN }, async () =>
    asPublic(await refreshRatesFromSource(app)),
  );
};
