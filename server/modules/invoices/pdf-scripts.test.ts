import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InvoiceRow } from '../../db/schema/index';
import { embeddedFontNames } from '../../test/pdf-text';
import { renderInvoicePdf } from './pdf';

// An invoice for a buyer whose name is in Devanagari (issue 32 item 2, decision 066): drawn in Noto Sans
// Devanagari, shaped by HarfBuzz, and read back exactly by Poppler's pdftotext, as an accounts office would copy it.

const INVOICE = {
  id: '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f',
  number: 'INV-2026-000043',
  userId: '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e60',
  orderId: null,
  kind: 'subscription',
  seller: { name: 'Gurukul Learning', address: 'Bengaluru, India', taxId: '', email: 'billing@gurukul.test' },
  buyer: {
    name: 'श्रीमती क्षितिज प्रिया',
    institute: 'বাংলা শিক্ষা কেন্দ্র',
    email: 'priya@school.test',
    country: 'India',
  },
  lines: [{ description: 'Pro plan, monthly — हिन्दी पाठ्यक्रम', amount: 1180 }],
  periodStart: null,
  periodEnd: null,
  currency: 'INR',
  subtotal: 1000,
  taxLabel: 'GST',
  taxRate: 18,
  taxAmount: 180,
  total: 1180,
  status: 'paid',
  issuedAt: new Date('2026-11-02T09:00:00Z'),
  gst: null,
  creditsInvoiceId: null,
} as InvoiceRow;

const dir = mkdtempSync(path.join(tmpdir(), 'invoice-scripts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pdftotext(pdf: Buffer): string {
  const file = path.join(dir, `invoice-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe('an invoice in Indian scripts', () => {
  it('draws a Devanagari buyer name shaped in Noto Sans Devanagari and pdftotext reads it back exactly', async () => {
    const pdf = await renderInvoicePdf(INVOICE, { testPayment: false, compress: false });
    const fonts = embeddedFontNames(pdf);
    expect(fonts.some((name) => name.endsWith('+NotoSansDevanagari-Regular'))).toBe(true);
    expect(fonts.some((name) => name.endsWith('+NotoSansBengali-Regular'))).toBe(true);
    // Latin and ₹ stay in DejaVu Sans.
    expect(fonts.some((name) => name.endsWith('+DejaVuSans'))).toBe(true);
    const lines = pdftotext(pdf)
      .split('\n')
      .map((line) => line.trim());
    expect(lines).toContain('श्रीमती क्षितिज प्रिया');
    expect(lines).toContain('বাংলা শিক্ষা কেন্দ্র');
    expect(lines).toContain('Pro plan, monthly — हिन्दी पाठ्यक्रम');
    expect(lines.join('\n')).toContain('₹1,180.00');
  });

  it('without DejaVu Sans falls back to Helvetica, which cannot draw Devanagari: no font of ours is embedded', async () => {
    const pdf = await renderInvoicePdf(INVOICE, {
      testPayment: false,
      compress: false,
      fontFile: '/nonexistent/DejaVuSans.ttf',
    });
    expect(embeddedFontNames(pdf)).toEqual([]);
    expect(pdftotext(pdf)).not.toContain('श्रीमती');
  });
});
