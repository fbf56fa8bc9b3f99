import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../../common/time';
import { invoices, plans } from '../../db/schema/index';
import hiInvoices from '../../i18n/hi/invoices.json';
import hiPartners from '../../i18n/hi/partners.json';
import { buildAndLogin, chooseLocale } from '../../test/factories';
import { insertOrder } from '../../test/fixtures/invoice-orders';
import { startTestApp, type TestContext } from '../../test/harness';
import { popplerText } from '../../test/pdf-text';
import { issueCommissionInvoice, issueInvoiceForOrder } from './issue';

// Decision 070: the invoice module's errors and every text of the invoice and commission statement PDFs in the
// caller's language (their chosen one, else Accept-Language), `?language=` still choosing for a download.

let ctx: TestContext;
type Headers = Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const pdf = (headers: Headers, id: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/invoices/${id}/pdf${query}`, headers });
const pdfTextOf = async (headers: Headers, id: string, query = '') => {
  const response = await pdf(headers, id, query);
  expect(response.statusCode, response.body).toBe(200);
  return popplerText(response.rawPayload);
};
const day = (date: Date, locale: 'en' | 'hi') => formatDate(date, { timeZone: 'UTC', locale });
/**
 * Whitespace left out: Poppler reads a gap after a reph or a below-base vowel sign in some words ("पार्ट नर",
 * "अक्टू ॰") though the page draws them whole (checked by eye); names are asserted with their spaces as read.
 */
const squeezed = (text: string) => text.replace(/\s+/gu, '');

describe('invoice errors in the caller language', () => {
  it('answers a stranger and a teacher inside an institute in Hindi when they chose it, in English as before', async () => {
    const owner = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid' });
    const { id } = await issueInvoiceForOrder(ctx.app, (await insertOrder(ctx.app, owner.user.id)).id);

    const stranger = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid' });
    const english = await pdf(stranger.headers, id);
    expect(english.statusCode).toBe(404);
    expect(english.json().message).toBe('Invoice not found');
    await chooseLocale(ctx.app, stranger.headers, 'hi');
    const hindi = await pdf(stranger.headers, id);
    expect(hindi.statusCode).toBe(404);
    expect(hindi.json().message).toBe(hiInvoices['server.invoices.notFound']);

    const faculty = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: owner.user.id });
    expect((await pdf(faculty.headers, id)).json().message).toBe(
      "Your institute's plan covers your account.",
    );
    await chooseLocale(ctx.app, faculty.headers, 'hi');
    const covered = await ctx.app.inject({ method: 'GET', url: '/api/invoices', headers: faculty.headers });
    expect(covered.statusCode).toBe(403);
    expect(covered.json().message).toBe(hiInvoices['server.invoices.instituteCovers']);
  });
});

describe('the invoice PDF in the caller language', () => {
  it('draws a Hindi invoice for a Hindi user who asks for no language, and the English one as before', async () => {
    const name = 'श्रीमती क्षितिज प्रिया';
    const buyer = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid', fullName: name });
    const { id } = await issueInvoiceForOrder(
      ctx.app,
      (await insertOrder(ctx.app, buyer.user.id, { amount: 118000 })).id,
    );
    const issuedAt = new Date('2026-11-05T08:00:00Z');
    await ctx.app.db.update(invoices).set({ issuedAt }).where(eq(invoices.id, id));

    // Never chose a language, and the browser asks for none: English, word for word as before.
    const english = await pdfTextOf(buyer.headers, id);
    for (const expected of [
      'TAX INVOICE',
      `Date: ${day(issuedAt, 'en')}`,
      'Billed to',
      name,
      'Description',
      'Amount',
      'Subtotal',
      'GST 18% (included)',
      'Total',
      '₹118,000.00',
      'Amount in words: Rupees One Lakh Eighteen Thousand Only',
      'PAID',
      'Test payment — no money was charged.',
      'This is a computer-generated invoice and needs no signature.',
    ])
      expect(english).toContain(expected);
    for (const absent of [hiInvoices['server.invoices.total'], hiInvoices['server.invoices.description']])
      expect(english).not.toContain(absent);

    // The same buyer in Hindi, without asking the download for it.
    await chooseLocale(ctx.app, buyer.headers, 'hi');
    const hindi = await pdfTextOf(buyer.headers, id);
    expect(day(issuedAt, 'hi')).not.toBe(day(issuedAt, 'en'));
    for (const expected of [
      hiInvoices['server.invoices.taxInvoice'],
      `दिनांक: ${day(issuedAt, 'hi')}`,
      hiInvoices['server.invoices.billedTo'],
      name,
      hiInvoices['server.invoices.description'],
      hiInvoices['server.invoices.amount'],
      hiInvoices['server.invoices.subtotal'],
      'GST 18% (शामिल)',
      '₹1,18,000.00',
      'राशि शब्दों में: एक लाख अठारह हज़ार रुपये मात्र',
      hiInvoices['server.invoices.paid'],
      hiInvoices['server.invoices.testPayment'],
      hiInvoices['server.invoices.footer'],
    ])
      expect(hindi).toContain(expected);
    for (const absent of ['Billed to', 'Description', 'Subtotal', 'Total', 'Amount in words', 'Date:'])
      expect(hindi).not.toContain(absent);

    // The query still chooses: English for the Hindi user who asks for it; Hindi for a browser asking Hindi.
    expect(await pdfTextOf(buyer.headers, id, '?language=en')).toBe(english);
    await chooseLocale(ctx.app, buyer.headers, 'en');
    expect(await pdfTextOf(buyer.headers, id, '?language=hi')).toBe(hindi);
    expect(await pdfTextOf({ ...buyer.headers, 'accept-language': 'hi-IN,hi;q=0.9' }, id)).toBe(english);
    const browserOnly = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid' });
    const { id: theirs } = await issueInvoiceForOrder(
      ctx.app,
      (await insertOrder(ctx.app, browserOnly.user.id)).id,
    );
    expect(
      await pdfTextOf({ ...browserOnly.headers, 'accept-language': 'hi-IN,hi;q=0.9' }, theirs),
    ).toContain(hiInvoices['server.invoices.taxInvoice']);
  });

  it("draws a partner's commission statement in Hindi for a Hindi partner, in English as before", async () => {
    const partner = await buildAndLogin(ctx.app, { userType: 'partner', fullName: 'श्रीमती क्षितिज प्रिया' });
    const periodStart = new Date('2026-10-01T00:00:00Z');
    const periodEnd = new Date('2026-10-31T00:00:00Z');
    const { id } = await issueCommissionInvoice(ctx.app, partner.user.id, {
      description: 'Referral commission, Oct 2026 (2 payments)',
      amount: 300,
      currency: 'INR',
      periodStart,
      periodEnd,
    });

    const english = await pdfTextOf(partner.headers, id);
    for (const expected of [
      'COMMISSION STATEMENT',
      'Paid to (referral partner)',
      'श्रीमती क्षितिज प्रिया',
      `Period: ${day(periodStart, 'en')} – ${day(periodEnd, 'en')}`,
      'Description',
      'Total',
      '₹300.00',
      'ISSUED',
    ])
      expect(english).toContain(expected);

    await chooseLocale(ctx.app, partner.headers, 'hi');
    const hindi = await pdfTextOf(partner.headers, id);
    expect(hindi).toContain('श्रीमती क्षितिज प्रिया');
    for (const expected of [
      hiPartners['server.partners.commissionStatement'],
      hiPartners['server.partners.paidTo'],
      `अवधि: ${day(periodStart, 'hi')} – ${day(periodEnd, 'hi')}`,
      hiInvoices['server.invoices.description'],
      hiInvoices['server.invoices.total'],
      '₹300.00',
      hiInvoices['server.invoices.issued'],
    ])
      expect(squeezed(hindi)).toContain(squeezed(expected));
    for (const absent of ['COMMISSION STATEMENT', 'Paid to', 'Period:', 'ISSUED'])
      expect(hindi).not.toContain(absent);

    // Paid out: the stamp says whom it was paid to.
    await ctx.app.db.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, id));
    expect(squeezed(await pdfTextOf(partner.headers, id))).toContain(
      squeezed(hiPartners['server.partners.paidToPartner']),
    );
    expect(await pdfTextOf(partner.headers, id, '?language=en')).toContain('PAID TO PARTNER');
  });
});

describe('an invoice line in the reader language', () => {
  it("lists and prints a plan line's audience, billing and dates in Hindi, the plan's name as written", async () => {
    const buyer = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid' });
    const order = await insertOrder(ctx.app, buyer.user.id);
    const plan = await ctx.app.db.query.plans.findFirst({ where: eq(plans.id, order.planId ?? '') });
    const { id } = await issueInvoiceForOrder(ctx.app, order.id, {
      start: new Date('2026-11-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
    });
    const [stored] = await ctx.app.db.select().from(invoices).where(eq(invoices.id, id));
    const start = stored.periodStart as Date;
    const end = stored.periodEnd as Date;
    const list = async (headers: Headers) => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/invoices', headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().invoices[0].description as string;
    };

    // English reads as every invoice always has; the stored description is that English.
    const english = `${plan?.name} (institute) — monthly, ${day(start, 'en')} – ${day(end, 'en')}`;
    expect(stored.lines[0].description).toBe(english);
    expect(await list(buyer.headers)).toBe(english);

    await chooseLocale(ctx.app, buyer.headers, 'hi');
    const hindi = `${plan?.name} (संस्थान) — मासिक, ${day(start, 'hi')} – ${day(end, 'hi')}`;
    expect(await list(buyer.headers)).toBe(hindi);
    const printed = squeezed(await pdfTextOf(buyer.headers, id));
    expect(printed).toContain(squeezed(`(संस्थान) — मासिक, ${day(start, 'hi')}`));
    expect(printed).not.toMatch(/monthly|\(institute\)/u);

    // A line issued before its parts were stored prints as it was issued, in any language.
    await ctx.app.db
      .update(invoices)
      .set({ lines: [{ description: 'Institute Pro — monthly', amount: stored.lines[0].amount }] })
      .where(eq(invoices.id, id));
    expect(await list(buyer.headers)).toBe('Institute Pro — monthly');
  });
});
