import { describe, expect, it } from 'vitest';
import type { InvoiceRow } from '../../db/schema/index';
import { embeddedFontNames, pdfText } from '../../test/pdf-text';
import { drawnPng, rgbPng } from '../../test/pictures';
import { tinyPng } from '../../test/uploads';
import { renderInvoicePdf } from './pdf';

const INVOICE: InvoiceRow = {
  id: '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f',
  number: 'INV-2026-000042',
  userId: '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e60',
  orderId: null,
  kind: 'commission',
  seller: { name: 'Gurukul Learning', address: 'Bengaluru, India', taxId: '', email: 'billing@gurukul.test' },
  buyer: { name: 'Pavan Partner', email: 'partner@gurukul.test', country: 'India' },
  lines: [{ description: `Referral commission ${'for a very long period '.repeat(6)}`, amount: 1234.5 }],
  periodStart: new Date('2026-10-01T00:00:00Z'),
  periodEnd: new Date('2026-10-31T00:00:00Z'),
  currency: 'USD',
  subtotal: 1046.19,
  taxLabel: 'VAT',
  taxRate: 18,
  taxAmount: 188.31,
  total: 1234.5,
  status: 'issued',
  issuedAt: new Date('2026-11-02T09:00:00Z'),
  gst: null,
  creditsInvoiceId: null,
};

describe('renderInvoicePdf', () => {
  it('renders one A4 page with the status, country, period and the configured tax label', async () => {
    const pdf = await renderInvoicePdf(INVOICE, { testPayment: false, compress: false });
    const source = pdf.toString('latin1');
    expect(source.startsWith('%PDF-')).toBe(true);
    expect(source.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(source).toContain('/MediaBox [0 0 595.28 841.89]');
    const text = await pdfText(pdf);
    for (const expected of [
      'INV-2026-000042',
      'Date: 02 Nov, 2026',
      'Pavan Partner',
      'India',
      'Period: 01 Oct, 2026 – 31 Oct, 2026',
      'VAT 18% (included)',
      '$1,046.19',
      '$1,234.50',
      'ISSUED',
    ])
      expect(text).toContain(expected);
    // No tax id configured: no empty "Tax ID:" line; not a test payment: no note.
    expect(text).not.toContain('Tax ID');
    expect(text).not.toContain('Test payment');
  });

  it('prints rupees with the ₹ sign in the embedded DejaVu Sans', async () => {
    const rupees = { ...INVOICE, currency: 'INR', subtotal: 1000, taxAmount: 180, total: 1180 };
    const pdf = await renderInvoicePdf(
      { ...rupees, lines: [{ description: 'Pro plan, monthly', amount: 1180 }] },
      { testPayment: true, compress: false },
    );
    const fonts = embeddedFontNames(pdf);
    expect(fonts.some((name) => name.endsWith('+DejaVuSans'))).toBe(true);
    expect(fonts.some((name) => name.endsWith('+DejaVuSans-Bold'))).toBe(true);
    // No built-in font is left in the document: every run can print ₹.
    expect(pdf.toString('latin1')).not.toContain('/BaseFont /Helvetica');
    const text = await pdfText(pdf);
    for (const expected of ['₹1,180.00', '₹1,000.00', '₹180.00', 'Test payment — no money was charged.'])
      expect(text).toContain(expected);
    expect(text).not.toContain('INR');
  });

  it('falls back to Helvetica and the currency code when the font file is missing', async () => {
    const pdf = await renderInvoicePdf(
      { ...INVOICE, currency: 'INR' },
      { testPayment: false, compress: false, fontFile: '/nonexistent/DejaVuSans.ttf' },
    );
    expect(embeddedFontNames(pdf)).toEqual([]);
    expect(pdf.toString('latin1')).toContain('/BaseFont /Helvetica');
    const text = await pdfText(pdf);
    expect(text).toContain('INR 1,234.50');
    expect(text).not.toContain('₹');
  });

  it('heads the invoice with a brand logo given as plain RGB PNG, scaled into its box', async () => {
    const pdf = await renderInvoicePdf(INVOICE, {
      testPayment: false,
      compress: false,
      logo: rgbPng(320, 160),
    });
    const source = pdf.toString('latin1');
    expect(source.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(source).toMatch(/\/Width 320\s+\/Height 160/);
    // 320×160 pixels in the 160×48-point box: 96×48 points at the top-left margin (pdfkit's y runs downwards).
    expect(source).toContain('96 0 0 -48 50 98 cm\n/I1 Do');
    const text = await pdfText(pdf);
    for (const expected of ['Gurukul Learning', 'INV-2026-000042', 'ISSUED'])
      expect(text).toContain(expected);
  });

  it('leaves out a logo it cannot embed as it is, and the invoice is otherwise the same', async () => {
    const plain = await renderInvoicePdf(INVOICE, { testPayment: false, compress: false });
    const failures: unknown[] = [];
    const drawn: Buffer[] = [];
    for (const logo of [
      Buffer.from('not a picture at all'),
      // PNGs pdfkit would decode in this process (an alpha channel): refused, not risked.
      tinyPng(),
      drawnPng(200, 100),
      rgbPng(40, 20).subarray(0, 30),
      // A plain RGB header with the pixels cut off: pdfkit itself gives up, in the middle of the first try.
      rgbPng(40, 20).subarray(0, 40),
    ]) {
      const pdf = await renderInvoicePdf(INVOICE, {
        testPayment: false,
        compress: false,
        logo,
        onLogoError: (error) => failures.push(error),
      });
      const source = pdf.toString('latin1');
      expect(source.startsWith('%PDF-')).toBe(true);
      expect(source).not.toContain('/Subtype /Image');
      expect(source.match(/\/Type \/Page\b/g)).toHaveLength(1);
      drawn.push(pdf);
    }
    expect(failures).toHaveLength(5);
    expect(await pdfText(drawn[0])).toBe(await pdfText(plain));
  });
});
