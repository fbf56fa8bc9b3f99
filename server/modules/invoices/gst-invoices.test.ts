import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GSTIN_MESSAGES } from '../../../common/gst';
import { fill } from '../../../common/i18n/message-template';
import { invoices, paymentOrders } from '../../db/schema/index';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { insertLiveCourse, insertPricedPlan } from '../../test/payments';
import { pdfText, popplerText } from '../../test/pdf-text';
import { BUYER_STATE_MESSAGE, gstinStateMessage } from '../payments/orders';
import { reconcilePayments } from '../payments/reconcile';
import { handleEvent } from '../payments/webhook';
import { financialYear } from './gst';
import { EXPORT_ENDORSEMENT } from './texts';

/** The platform registered in Karnataka (a published GSTIN with a valid check character). */
const SUPPLIER = { gstin: '29AAGCB7383J1Z4', legalName: 'Gurukul Learning Private Limited', stateCode: '29' };
/** A school registered in Maharashtra: the GSTN sandbox's published test taxpayer. */
const SCHOOL_GSTIN = '27AAPFU0939F1ZV';

let ctx: TestContext;
let planId: string;
let usdPlanId: string;
type Login = Awaited<ReturnType<typeof buildAndLogin>>;
beforeAll(async () => {
  ctx = await startTestApp({ gst: SUPPLIER });
  planId = (await insertPricedPlan(ctx.app, 'institute')).id;
  usdPlanId = (
    await insertPricedPlan(ctx.app, 'institute', {
      name: 'Pro abroad',
      baseCurrency: 'USD',
      prices: [{ currency: 'USD', period: 'monthly', amount: 9 }],
    })
  ).id;
});
afterAll(async () => {
  await ctx.close();
});

const checkout = (login: Login, tax: Record<string, unknown>, plan = planId) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/orders',
    headers: login.headers,
    payload: { purpose: 'plan', planId: plan, period: 'monthly', ...tax },
  });

/** Checks out the institute plan (₹499 a month) with these GST details, pays it, and answers its invoice. */
async function buy(login: Login, tax: Record<string, unknown>, plan = planId) {
  const order = await checkout(login, tax, plan);
  expect(order.statusCode, order.body).toBe(200);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/orders/${order.json().orderId}/test-pay`,
    headers: login.headers,
    payload: { outcome: 'success' },
  });
  expect(paid.json()).toMatchObject({ status: 'paid', granted: true });
  const invoice = await ctx.app.db.query.invoices.findFirst({
    where: eq(invoices.orderId, order.json().orderId),
  });
  if (!invoice) throw new Error('no invoice issued');
  return { orderId: order.json().orderId as string, invoice };
}

const pdfOf = (login: Login, invoiceId: string, language = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/invoices/${invoiceId}/pdf${language ? `?language=${language}` : ''}`,
    headers: login.headers,
  });

const school = (fullName = 'Shishu Vidya Mandir') =>
  buildAndLogin(ctx.app, { userType: 'institute', fullName });

describe('GST tax invoices', () => {
  it("takes a school's GSTIN at a course's checkout too, and splits the tax by its state", async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertLiveCourse(ctx.app, teacher.user.id, 590);
    const buyer = await school();
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/orders',
      headers: buyer.headers,
      payload: { purpose: 'course', courseId: course.id, gstin: SCHOOL_GSTIN },
    });
    expect(order.statusCode, order.body).toBe(200);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/orders/${order.json().orderId}/test-pay`,
      headers: buyer.headers,
      payload: { outcome: 'success' },
    });
    expect(paid.json()).toMatchObject({ status: 'paid', granted: true });
    const invoice = await ctx.app.db.query.invoices.findFirst({
      where: eq(invoices.orderId, order.json().orderId),
    });
    expect(invoice?.kind).toBe('course');
    expect(invoice?.buyer).toMatchObject({ gstin: SCHOOL_GSTIN, stateCode: '27' });
    expect(invoice?.gst).toMatchObject({ supply: 'inter', placeOfSupply: '27', cgst: 0, sgst: 0 });
  });

  it('charges IGST to a school registered in another state and prints what an accounts office needs', async () => {
    const buyer = await school('श्रीमती क्षितिज प्रिया');
    const { invoice } = await buy(buyer, { gstin: ' 27aapfu0939f1zv ' });
    const fy = financialYear(new Date());
    expect(invoice.number).toMatch(new RegExp(`^GK/${fy}/\\d{6}$`));
    expect(invoice.buyer).toMatchObject({ gstin: SCHOOL_GSTIN, stateCode: '27', state: 'Maharashtra' });
    expect(invoice.seller).toMatchObject({
      name: SUPPLIER.legalName,
      gstin: SUPPLIER.gstin,
      state: 'Karnataka',
    });
    expect(invoice.gst).toEqual({
      sac: '997331',
      supply: 'inter',
      supplierState: '29',
      placeOfSupply: '27',
      rate: 18,
      taxableValue: 422.88,
      cgst: 0,
      sgst: 0,
      igst: 76.12,
    });
    expect(invoice).toMatchObject({
      subtotal: 422.88,
      taxAmount: 76.12,
      total: 499,
      taxLabel: 'GST',
      taxRate: 18,
    });

    const response = await pdfOf(buyer, invoice.id);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'TAX INVOICE',
      invoice.number,
      SUPPLIER.legalName,
      `GSTIN: ${SUPPLIER.gstin}`,
      'State: Karnataka (29)',
      `GSTIN: ${SCHOOL_GSTIN}`,
      'Place of supply: Maharashtra (27)',
      'SAC',
      '997331',
      'Taxable value',
      '₹422.88',
      'IGST 18%',
      '₹76.12',
      '₹499.00',
      'Amount in words: Rupees Four Hundred Ninety Nine Only',
      'Tax payable on reverse charge: No',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain(EXPORT_ENDORSEMENT);
    // The buyer's Devanagari name is drawn shaped and copies out whole.
    expect(popplerText(response.rawPayload)).toContain('श्रीमती क्षितिज प्रिया');
  });

  it('splits CGST and SGST within the supplier’s state, chosen or assumed, and writes the words in Hindi', async () => {
    const chosen = await school();
    const { invoice } = await buy(chosen, { state: '29' });
    expect(invoice.buyer).toMatchObject({ stateCode: '29', state: 'Karnataka' });
    expect(invoice.buyer).not.toHaveProperty('gstin');
    expect(invoice.gst).toMatchObject({
      supply: 'intra',
      placeOfSupply: '29',
      cgst: 38.06,
      sgst: 38.06,
      igst: 0,
    });
    const text = await pdfText((await pdfOf(chosen, invoice.id)).rawPayload);
    for (const expected of ['CGST 9%', 'SGST 9%', '₹38.06', 'Place of supply: Karnataka (29)'])
      expect(text).toContain(expected);
    expect(text).not.toContain('IGST');

    // No GSTIN and no state: an unregistered buyer with no address on record is supplied where the supplier is.
    const silent = await school();
    const assumed = await buy(silent, {});
    expect(assumed.invoice.gst).toMatchObject({ supply: 'intra', placeOfSupply: '29' });
    expect(assumed.invoice.buyer).not.toHaveProperty('stateCode');

    const hindi = popplerText((await pdfOf(chosen, invoice.id, 'hi')).rawPayload);
    for (const expected of ['कर बीजक', 'आपूर्ति का स्थान', 'चार सौ निन्यानवे रुपये मात्र'])
      expect(hindi).toContain(expected);
    expect((await pdfOf(chosen, invoice.id, 'fr')).statusCode).toBe(400);
  });

  it('exports to a buyer outside India without tax, under the LUT endorsement', async () => {
    const abroad = await school();
    const { invoice } = await buy(abroad, { state: '96' });
    expect(invoice.buyer).toMatchObject({ stateCode: '96', country: 'Outside India' });
    expect(invoice.gst).toMatchObject({
      supply: 'export',
      rate: 0,
      taxableValue: 499,
      igst: 0,
      cgst: 0,
      sgst: 0,
    });
    expect(invoice).toMatchObject({ subtotal: 499, taxAmount: 0, taxRate: 0 });
    const text = await pdfText((await pdfOf(abroad, invoice.id)).rawPayload);
    for (const expected of ['Place of supply: Outside India (96)', 'IGST 0%', EXPORT_ENDORSEMENT])
      expect(text).toContain(expected);
  });

  it('keeps a plain invoice in another currency', async () => {
    const buyer = await school();
    const { invoice } = await buy(buyer, { gstin: SCHOOL_GSTIN, currency: 'USD' }, usdPlanId);
    expect(invoice.currency).toBe('USD');
    expect(invoice.gst).toBeNull();
    expect(invoice.seller).not.toHaveProperty('gstin');
    expect(invoice).toMatchObject({ taxLabel: 'GST', taxRate: 18, total: 9 });
    const text = await pdfText((await pdfOf(buyer, invoice.id)).rawPayload);
    expect(text).toContain('GST 18% (included)');
    for (const absent of ['Place of supply', 'SAC', 'IGST', 'Amount in words', `GSTIN: ${SUPPLIER.gstin}`])
      expect(text).not.toContain(absent);
  });

  it('refuses a bad GSTIN or state with the reason and saves nothing', async () => {
    const buyer = await school();
    const cases: [Record<string, unknown>, string][] = [
      [{ gstin: '27AAPFU0939F1ZW' }, GSTIN_MESSAGES.check],
      [{ gstin: '27AAPFU9039F1ZV' }, GSTIN_MESSAGES.check],
      [{ gstin: '27AAPF00939F1ZV' }, fill(GSTIN_MESSAGES.pan, { pan: 'AAPF00939F' })],
      [{ gstin: '41AAPFU0939F1ZV' }, fill(GSTIN_MESSAGES.state, { code: '41' })],
      [{ gstin: 'GSTIN 1234' }, GSTIN_MESSAGES.shape],
      [{ gstin: 12 }, GSTIN_MESSAGES.shape],
      [{ state: 'Karnataka' }, BUYER_STATE_MESSAGE.english],
      [{ gstin: SCHOOL_GSTIN, state: '29' }, gstinStateMessage('Maharashtra').english],
    ];
    for (const [tax, message] of cases) {
      const response = await checkout(buyer, tax);
      expect(response.statusCode, JSON.stringify(tax)).toBe(400);
      expect(response.body).toContain(JSON.stringify(message).slice(1, -1));
    }
    const orders = await ctx.app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, buyer.user.id));
    expect(orders).toEqual([]);
  });

  it("says a GSTIN's problem in a Hindi buyer's language, its values filled in (decision 070)", async () => {
    const buyer = await school();
    await chooseLocale(ctx.app, buyer.headers, 'hi');
    const wrongState = await checkout(buyer, { gstin: '41AAPFU0939F1ZV' });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.body).toContain('यह GSTIN 41 से शुरू होता है, जो किसी भारतीय राज्य का कोड नहीं है।');
    const wrongCheck = await checkout(buyer, { gstin: '27AAPFU0939F1ZW' });
    expect(wrongCheck.body).toContain('इस GSTIN का आख़िरी अक्षर बाकी से मेल नहीं खाता');
  });

  it('takes a GSTIN added on a second try into the same waiting order', async () => {
    const buyer = await school();
    const first = await checkout(buyer, {});
    const second = await checkout(buyer, { gstin: SCHOOL_GSTIN });
    expect(second.json().orderId).toBe(first.json().orderId);
    const [order] = await ctx.app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, first.json().orderId));
    expect(order.buyerTax).toEqual({ gstin: SCHOOL_GSTIN });
  });
});

describe('credit notes', () => {
  const refundEvent = (providerOrderId: string) => ({
    entity: 'event',
    event: 'refund.processed',
    payload: {
      refund: { entity: { id: `rfnd_${providerOrderId}`, amount: 49900, currency: 'INR' } },
      payment: {
        entity: {
          id: `pay_${providerOrderId}`,
          order_id: providerOrderId,
          amount: 49900,
          currency: 'INR',
          status: 'refunded',
          amount_refunded: 49900,
          refund_status: 'full',
        },
      },
    },
  });

  /** A paid order as if Razorpay had taken it, so its refund webhook finds it. */
  async function refundable(login: Login, tax: Record<string, unknown>) {
    const bought = await buy(login, tax);
    const providerOrderId = `order_${bought.orderId.slice(0, 8)}`;
    await ctx.app.db
      .update(paymentOrders)
      .set({ provider: 'razorpay', providerOrderId })
      .where(eq(paymentOrders.id, bought.orderId));
    return { ...bought, providerOrderId };
  }

  it('reverses a refunded invoice in its own series, once, listed and downloadable beside it', async () => {
    const buyer = await school();
    const { invoice, providerOrderId } = await refundable(buyer, { gstin: SCHOOL_GSTIN });
    await handleEvent(ctx.app, `evt_${providerOrderId}_1`, refundEvent(providerOrderId));
    // Reported again under another id: still one credit note.
    await handleEvent(ctx.app, `evt_${providerOrderId}_2`, refundEvent(providerOrderId));
    const notes = await ctx.app.db.select().from(invoices).where(eq(invoices.creditsInvoiceId, invoice.id));
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(note.number).toMatch(new RegExp(`^CN/${financialYear(new Date())}/\\d{6}$`));
    expect(note).toMatchObject({
      kind: 'credit_note',
      userId: buyer.user.id,
      status: 'issued',
      subtotal: -422.88,
      taxAmount: -76.12,
      total: -499,
      buyer: invoice.buyer,
      seller: invoice.seller,
    });
    expect(note.gst).toMatchObject({
      supply: 'inter',
      placeOfSupply: '27',
      taxableValue: -422.88,
      igst: -76.12,
      original: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
    });

    const list = await ctx.app.inject({ method: 'GET', url: '/api/invoices', headers: buyer.headers });
    expect(list.json().invoices).toMatchObject([
      { id: note.id, kind: 'credit_note', number: note.number, creditsNumber: invoice.number, total: -499 },
      { id: invoice.id, kind: 'subscription', creditsNumber: null, total: 499 },
    ]);
    const filtered = await ctx.app.inject({
      method: 'GET',
      url: '/api/invoices?kind=credit_note',
      headers: buyer.headers,
    });
    expect(filtered.json()).toMatchObject({ total: 1, invoices: [{ id: note.id }] });

    const response = await pdfOf(buyer, note.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${note.number.replaceAll('/', '-')}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'CREDIT NOTE',
      note.number,
      `Against tax invoice: ${invoice.number}`,
      `GSTIN: ${SCHOOL_GSTIN}`,
      'IGST 18%',
      '-₹76.12',
      '-₹499.00',
      'Rupees Four Hundred Ninety Nine Only',
      'REFUNDED',
    ])
      expect(text).toContain(expected);

    // Only its buyer sees it: anyone else is told it does not exist.
    const stranger = await school();
    expect((await pdfOf(stranger, note.id)).statusCode).toBe(404);
  });

  it('numbers credit notes consecutively, and the sweep credits a refund whose credit note failed', async () => {
    const a = await refundable(await school(), {});
    const b = await refundable(await school(), {});
    await Promise.all([
      handleEvent(ctx.app, `evt_${a.providerOrderId}`, refundEvent(a.providerOrderId)),
      handleEvent(ctx.app, `evt_${b.providerOrderId}`, refundEvent(b.providerOrderId)),
    ]);
    const numbers = await Promise.all(
      [a, b].map(async ({ invoice }) => {
        const [note] = await ctx.app.db
          .select()
          .from(invoices)
          .where(eq(invoices.creditsInvoiceId, invoice.id));
        return Number(note.number.slice(-6));
      }),
    );
    expect(Math.abs(numbers[0] - numbers[1])).toBe(1);

    // A refunded order whose credit note is missing (the webhook's attempt failed) gets it from the sweep.
    const c = await refundable(await school(), { state: '96' });
    await ctx.app.db.update(paymentOrders).set({ status: 'refunded' }).where(eq(paymentOrders.id, c.orderId));
    expect(await reconcilePayments(ctx.app)).toBe(1);
    const [note] = await ctx.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.creditsInvoiceId, c.invoice.id));
    expect(Number(note.number.slice(-6))).toBe(Math.max(...numbers) + 1);
    expect(note.gst).toMatchObject({ supply: 'export', taxableValue: -499 });
    expect(await reconcilePayments(ctx.app)).toBe(0);
  });
});
