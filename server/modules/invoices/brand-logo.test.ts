import { createCanvas, loadImage } from '@napi-rs/canvas';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, users } from '../../db/schema/index';
import { pdfReadyPngSize } from '../../media/image-sizes';
import { insertCourse } from '../../test/courses';
import { buildAndLogin } from '../../test/factories';
import { insertOrder } from '../../test/fixtures/invoice-orders';
import { startTestApp, type TestContext } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { brokenPng, drawnPng, storedNames } from '../../test/pictures';
import { multipart } from '../../test/uploads';
import { issueInvoiceForOrder } from './issue';

// Brand logos on invoices (issue 19 item 2): a course invoice carries the brand of the teacher whose course it
// sells (or their institute's); the logo is drawn from a PNG copy made at upload, or converted when the invoice
// is drawn for a logo uploaded before; a logo that cannot be drawn is left out, never failing the invoice.

let ctx: TestContext;
type Headers = Record<string, string>;
type Session = Awaited<ReturnType<typeof buildAndLogin>>;
let buyer: Session;
beforeAll(async () => {
  ctx = await startTestApp();
  buyer = await buildAndLogin(ctx.app, { userType: 'institute', plan: 'paid', fullName: 'Buying School' });
});
afterAll(async () => ctx.close());

function uploadLogo(headers: Headers, userId: string, bytes: Buffer) {
  const file = multipart('logo.png', 'image/png', bytes);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/common/user-info/${userId}/image?kind=brandLogo`,
    payload: file.payload,
    headers: { ...headers, ...file.headers },
  });
}

/** A teacher (with a logo when given) and a course of theirs the buyer paid for; answers the invoice's PDF. */
async function courseInvoicePdf(seller: Session): Promise<{ number: string; pdf: Buffer }> {
  const course = await insertCourse(ctx.app, seller.user.id, { title: 'Branded algebra' });
  const order = await insertOrder(ctx.app, buyer.user.id, { purpose: 'course', courseId: course.id });
  return invoicePdf(order.id);
}

async function invoicePdf(orderId: string): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await issueInvoiceForOrder(ctx.app, orderId);
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/invoices/${invoice.id}/pdf`,
    headers: buyer.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return { number: invoice.number, pdf: response.rawPayload };
}

/** The image XObjects of a PDF, as `WxH`: their dictionaries stay readable in a compressed file. */
const imagesOf = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/Subtype \/Image\s+[^>]*?\/Width (\d+)\s+\/Height (\d+)/g)].map(
    (match) => `${match[1]}x${match[2]}`,
  );

async function storedBytes(key: string): Promise<Buffer> {
  const stored = await ctx.app.storage.read(key);
  if (!stored) throw new Error(`nothing stored at ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function pdfCopyOf(userId: string) {
  const [row] = await ctx.app.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, userId), like(storedFiles.path, '%-pdf.png')));
  return row;
}

describe('brand logos on invoices', () => {
  it('a brand logo upload also stores a private PNG copy for invoices, transparency laid on white', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const uploaded = await uploadLogo(
      teacher.headers,
      teacher.user.id,
      drawnPng(1200, 600, { transparent: true }),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await storedNames(ctx.app, `users/${teacher.user.id}`)).toEqual([
      'ID-medium.webp',
      'ID-pdf.png',
      'ID-tiny.webp',
      'ID.png',
    ]);
    const row = await pdfCopyOf(teacher.user.id);
    expect(row).toMatchObject({ contentType: 'image/png', visibility: 'private' });
    const png = await storedBytes(row.path);
    // Plain RGB, 320 px wide: what pdfkit embeds without decoding it.
    expect(pdfReadyPngSize(png)).toEqual({ width: 320, height: 160 });
    const canvas = createCanvas(320, 160);
    const context = canvas.getContext('2d');
    context.drawImage(await loadImage(png), 0, 0);
    expect([...context.getImageData(2, 2, 1, 1).data]).toEqual([255, 255, 255, 255]);
    expect([...context.getImageData(160, 80, 1, 1).data]).toEqual([0xc0, 0x56, 0x21, 255]);
  });

  it("heads a course invoice with the course teacher's logo, and a plan invoice with none", async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', fullName: 'Logo Teacher' });
    await uploadLogo(teacher.headers, teacher.user.id, drawnPng(1200, 600));
    const { number, pdf } = await courseInvoicePdf(teacher);
    expect(imagesOf(pdf)).toEqual(['320x160']);
    expect(await pdfText(pdf)).toContain(number);

    const planOrder = await insertOrder(ctx.app, buyer.user.id);
    expect(imagesOf((await invoicePdf(planOrder.id)).pdf)).toEqual([]);
    // A course by a teacher without a logo (nor an institute): the plain heading.
    const plain = await buildAndLogin(ctx.app, { userType: 'teacher' });
    expect(imagesOf((await courseInvoicePdf(plain)).pdf)).toEqual([]);
  });

  it("uses the institute's logo for its teacher without one", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    await uploadLogo(institute.headers, institute.user.id, drawnPng(400, 400));
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher', instituteId: institute.user.id });
    expect(imagesOf((await courseInvoicePdf(teacher)).pdf)).toEqual(['320x320']);
  });

  it('converts a logo uploaded before invoice copies were made when it draws the invoice', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await uploadLogo(teacher.headers, teacher.user.id, drawnPng(900, 300));
    const row = await pdfCopyOf(teacher.user.id);
    await ctx.app.db.delete(storedFiles).where(eq(storedFiles.path, row.path));
    await ctx.app.storage.remove(row.path);
    expect(imagesOf((await courseInvoicePdf(teacher)).pdf)).toEqual(['320x106']);
  });

  it('still gives a valid invoice when the logo cannot be read', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    // Accepted by its first bytes, but no copy can be made of it, and no conversion when drawing either.
    const uploaded = await uploadLogo(teacher.headers, teacher.user.id, brokenPng());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await storedNames(ctx.app, `users/${teacher.user.id}`)).toEqual(['ID.png']);
    const { number, pdf } = await courseInvoicePdf(teacher);
    expect(pdf.toString('latin1').startsWith('%PDF-')).toBe(true);
    expect(imagesOf(pdf)).toEqual([]);
    const text = await pdfText(pdf);
    for (const expected of [number, 'Buying School', 'PAID']) expect(text).toContain(expected);

    // The logo gone from storage altogether: the same.
    const user = await ctx.app.db.query.users.findFirst({ where: eq(users.id, teacher.user.id) });
    await ctx.app.storage.remove(user?.brandLogoPath as string);
    expect(imagesOf((await courseInvoicePdf(teacher)).pdf)).toEqual([]);
  });

  it('removes the invoice copy with its logo: on replacing it and on erasing the account', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    await uploadLogo(teacher.headers, teacher.user.id, drawnPng(600, 300));
    const first = await pdfCopyOf(teacher.user.id);
    await uploadLogo(teacher.headers, teacher.user.id, drawnPng(300, 300));
    const second = await pdfCopyOf(teacher.user.id);
    expect(second.path).not.toBe(first.path);
    expect(await ctx.app.storage.read(first.path)).toBeNull();
    expect(await storedNames(ctx.app, `users/${teacher.user.id}`)).toHaveLength(4);

    const admin = await buildAndLogin(ctx.app, { userType: 'admin' });
    const erased = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/people/${teacher.user.id}/erase`,
      payload: { confirmEmail: teacher.user.email },
      headers: admin.headers,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await storedNames(ctx.app, `users/${teacher.user.id}`)).toEqual([]);
    expect(await ctx.app.storage.read(second.path)).toBeNull();
  });
});
