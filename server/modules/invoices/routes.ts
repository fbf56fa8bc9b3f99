import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesWith } from '../../../common/capabilities';
import { actorOf } from '../../http/access';
import { localeOf } from '../../http/locale';
import { invoiceListQuerySchema, invoiceParamsSchema, invoicePdfQuerySchema } from './schemas';
import { invoicePdf, listInvoices } from './service';

/**
 * Invoices: the caller's own list and PDFs. Open when the trial or subscription has ended, so an owner can
 * still fetch what they paid for.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invoices',
    {
      config: { access: rolesWith('receive-invoices'), allowWhenEnded: true },
      schema: { querystring: invoiceListQuerySchema },
    },
    async (request) => listInvoices(app, actorOf(request), request.query, localeOf(request)),
  );

  app.get(
    '/api/invoices/:invoiceId/pdf',
    {
      config: { access: rolesWith('receive-invoices'), allowWhenEnded: true },
      schema: { params: invoiceParamsSchema, querystring: invoicePdfQuerySchema },
    },
    async (request, reply) => {
      const { number, pdf } = await invoicePdf(
        app,
        actorOf(request),
        request.params.invoiceId,
        request.query.language ?? localeOf(request),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${number.replaceAll('/', '-')}.pdf"`)
        .send(pdf);
    },
  );
};
