import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceRowView } from '../../../common/contracts/billing';
import { invoices, paymentOrders } from '../../db/schema/index';
import { buildAndLogin } from '../../test/factories';
import { insertOrder } from '../../test/fixtures/invoice-orders';
import { startTestApp, type TestContext } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { issueCommissionInvoice, issueInvoiceForOrder } from './issue';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof buildAndLogin>>;
const issued: { id: string; number: string }[] = [];

const list = (headers: Record<string, string>, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/invoices${query}`, headers });
const pdf = (headers: Record<string, string>, id: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/invoices/${id}/pdf`, headers });

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await buildAndLogin(ctx.app, {
    userType: 'institute',
    plan: 'paid',
    fullName: 'Gurukul Public School',
  });
  // Three invoices issued on known days: two plan renewals and a course.
  const days = ['2026-09-10T08:00:00Z', '2026-10-10T08:00:00Z', '2026-11-05T08:00:00Z'];
  for (const [i, day] of days.entries()) {
    const order = await insertOrder(ctx.app, owner.user.id, { amount: 1180 + i * 100 });
    const invoice = await issueInvoiceForOrder(ctx.app, order.id);
    await ctx.app.db
      .update(invoices)
      .set({ issuedAt: new Date(day), ...(i === 2 ? { kind: 'course' } : {}) })
      .where(eq(invoices.id, invoice.id));
    issued.push(invoice);
  }
});
afterAll(async () => ctx.close());

describe('GET /api/invoices', () => {
  it('lists only the caller’s invoices, newest first, with the tax split', async () => {
    const other = await buildAndLogin(ctx.app, { userType: 'teacher', plan: 'paid' });
    await issueInvoiceForOrder(ctx.app, (await insertOrder(ctx.app, other.user.id)).id);

    const response = await list(owner.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { invoices: InvoiceRowView[]; total: number };
    expect(body.total).toBe(3);
    expect(body.invoices.map((i) => i.number)).toEqual([
      issued[2].number,
      issued[1].number,
      issued[0].number,
    ]);
    expect(body.invoices[2]).toMatchObject({
      kind: 'subscription',
      total: 1180,
      subtotal: 1000,
      taxAmount: 180,
      taxRate: 18,
      taxLabel: 'GST',
      currency: 'INR',
      status: 'paid',
      issuedAt: '2026-09-10T08:00:00.000Z',
    });
    expect((await list(other.headers)).json().total).toBe(1);
  });

  it('filters by kind and by issue date (days or instants) and pages', async () => {
    const numbers = async (query: string) =>
      ((await list(owner.headers, query)).json() as { invoices: InvoiceRowView[] }).invoices.map(
        (i) => i.number,
      );
    expect(await numbers('?kind=course')).toEqual([issued[2].number]);
    expect(await numbers('?kind=subscription')).toEqual([issued[1].number, issued[0].number]);
    expect(await numbers('?kind=commission')).toEqual([]);
    expect(await numbers('?from=2026-10-01')).toEqual([issued[2].number, issued[1].number]);
    expect(await numbers('?to=2026-10-10')).toEqual([issued[1].number, issued[0].number]);
    expect(await numbers('?from=2026-10-10&to=2026-10-10')).toEqual([issued[1].number]);
    expect(await numbers(`?from=${encodeURIComponent('2026-10-10T09:00:00+01:00')}`)).toEqual([
      issued[2].number,
      issued[1].number,
    ]);
    const page2 = await list(owner.headers, '?pageSize=2&page=2');
    expect(page2.json()).toMatchObject({ total: 3, invoices: [{ number: issued[0].number }] });
  });

  it('answers 400 to bad filters', async () => {
    for (const query of ['?kind=refund', '?from=10/10/2026', '?pageSize=51', '?page=0']) {
      const response = await list(owner.headers, query);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("refuses a teacher inside an institute: the institute's plan covers them", async () => {
    const faculty = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: owner.user.id });
    for (const response of [await list(faculty.headers), await pdf(faculty.headers, issued[0].id)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Your institute's plan covers your account.");
    }
  });

  it('stays open after the subscription ended', async () => {
    const ended = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid-ended' });
    const invoice = await issueInvoiceForOrder(ctx.app, (await insertOrder(ctx.app, ended.user.id)).id);
    expect((await list(ended.headers)).json().invoices[0].id).toBe(invoice.id);
    expect((await pdf(ended.headers, invoice.id)).statusCode).toBe(200);
  });

  it('lists a partner’s commission invoices', async () => {
    const partner = await buildAndLogin(ctx.app, { userType: 'partner' });
    const { id } = await issueCommissionInvoice(ctx.app, partner.user.id, {
      description: 'Referral commission',
      amount: 118,
      currency: 'INR',
      periodStart: new Date('2026-10-01T00:00:00Z'),
      periodEnd: new Date('2026-10-31T00:00:00Z'),
    });
    const body = (await list(partner.headers)).json();
    expect(body.invoices).toMatchObject([
      { id, kind: 'commission', status: 'issued', description: 'Referral commission', subtotal: 100 },
    ]);
    expect(await pdfText((await pdf(partner.headers, id)).rawPayload)).toContain('ISSUED');
  });
});

describe('GET /api/invoices/:invoiceId/pdf', () => {
  it('downloads the PDF with the number, buyer, total, tax line and the test-payment note', async () => {
    const response = await pdf(owner.headers, issued[0].id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    // GK/26-27/000001 is saved as GK-26-27-000001.pdf: a slash cannot be in a file name.
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${issued[0].number.replaceAll('/', '-')}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'TAX INVOICE',
      issued[0].number,
      'Gurukul Public School',
      owner.user.email,
      'Gurukul Learning',
      'Tax ID: TEST-TAX-ID',
      '₹1,180.00',
      '₹1,000.00',
      'GST 18% (included)',
      '₹180.00',
      'PAID',
      'Test payment — no money was charged.',
    ])
      expect(text).toContain(expected);
  });

  it('says nothing about test payments for a real provider', async () => {
    const order = await insertOrder(ctx.app, owner.user.id);
    const { id } = await issueInvoiceForOrder(ctx.app, order.id);
    await ctx.app.db
      .update(paymentOrders)
      .set({ provider: 'razorpay' })
      .where(eq(paymentOrders.id, order.id));
    expect(await pdfText((await pdf(owner.headers, id)).rawPayload)).not.toContain('Test payment');
  });

  it("answers 404 to another user's invoice and to an unknown one", async () => {
    const stranger = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid' });
    const foreign = await pdf(stranger.headers, issued[0].id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Invoice not found');
    expect((await pdf(owner.headers, '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f')).statusCode).toBe(404);
  });
});
