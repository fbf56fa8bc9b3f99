import { existsSync } from 'node:fs';
import { gstStateName } from '../../../common/gst';
import type { MessageValues } from '../../../common/i18n/catalog';
import type { Locale } from '../../../common/i18n/locales';
import type { InvoiceRow } from '../../db/schema/index';
import { translate } from '../../http/locale';
import type { ServerKey } from '../../i18n/catalog';
import { pdfReadyPngSize } from '../../media/image-sizes';
import { DEJAVU_SANS, registerShapedFont } from '../../media/shaped-pdf-text';
import { writePdf } from '../../media/write-pdf';
import { lineDescription } from './line-description';
import { invoiceDay, pdfAmount } from './tax';
import { EXPORT_ENDORSEMENT } from './texts';
import { rupeesInWords } from './words';

export interface PdfOptions {
  /** Paid through the local test checkout: the PDF says no money was charged. */
  testPayment: boolean;
  /** Tests turn compression off to read the text back. */
  compress?: boolean;
  /** The TrueType font to print with; tests pass a missing file to check the Helvetica fallback. */
  fontFile?: string;
  /**
   * A brand logo to head the invoice with, as a PNG pdfkit embeds as it is (image-sizes.ts logoForPdf). Anything
   * else, or a logo pdfkit refuses, is left out and the invoice is drawn without it (`onLogoError` is told).
   */
  logo?: Buffer | null;
  onLogoError?: (error: unknown) => void;
  /**
   * The language every text is drawn in (decision 070: server/i18n/<locale>/invoices.json, the commission
   * statement's in partners.json), with its dates and money as that language writes them; English unless asked.
   * State names, GST terms and the export endorsement stay as decision 067 prints them.
   */
  language?: Locale;
  /** A credit note's invoice: its number and date are printed as the document it reverses. */
  original?: { number: string; issuedAt: Date };
}

/** The box a logo is drawn within, in points, and at most half a point per pixel (144 dpi) so it stays sharp. */
const LOGO_BOX = { width: 160, height: 48, pointsPerPixel: 0.5 };

interface DrawnLogo {
  bytes: Buffer;
  width: number;
  height: number;
}

function logoToDraw(bytes: Buffer): DrawnLogo {
  const size = pdfReadyPngSize(bytes);
  if (!size) throw new Error('The logo is not a PNG the invoice can embed as it is');
  const scale = Math.min(LOGO_BOX.width / size.width, LOGO_BOX.height / size.height, LOGO_BOX.pointsPerPixel);
  return { bytes, width: size.width * scale, height: size.height * scale };
}

/**
 * DejaVu Sans (Debian's fonts-dejavu-core, installed by scripts/bootstrap.mjs) has the ₹ sign and the
 * other currency symbols; pdfkit's built-in Helvetica has neither, so it is only the fallback. Names and
 * addresses in an Indic script are drawn in their Noto Sans family (fonts-noto-core), all of it laid out by
 * HarfBuzz (media/shaped-pdf-text.ts, decision 066).
 */
export const INVOICE_FONT_FILE = DEJAVU_SANS.regular;

interface InvoiceFonts {
  regular: string;
  bold: string;
  /** The font can print currency symbols ("₹1,180.00"), not only codes ("INR 1,180.00"). */
  symbols: boolean;
}

/**
 * Registers DejaVu Sans (and its bold, when present) with the Noto families as shaped fonts, or falls back to
 * Helvetica when the file is missing: Latin-1 only, so an Indic name then prints as wrong characters.
 */
function invoiceFonts(doc: PDFKit.PDFDocument, fontFile: string): InvoiceFonts {
  if (!existsSync(fontFile)) return { regular: 'Helvetica', bold: 'Helvetica-Bold', symbols: false };
  const boldFile = fontFile.replace(/\.ttf$/, '-Bold.ttf');
  registerShapedFont(doc, 'InvoiceRegular', { base: fontFile, weight: 'regular' });
  registerShapedFont(doc, 'InvoiceBold', {
    base: boldFile !== fontFile && existsSync(boldFile) ? boldFile : fontFile,
    weight: 'bold',
  });
  return { regular: 'InvoiceRegular', bold: 'InvoiceBold', symbols: true };
}

const MARGIN = 50;
const MUTED = '#555555';
const PAID_GREEN = '#1b7f3b';

/**
 * Renders one invoice as an A4 PDF, in DejaVu Sans where the system has it (see INVOICE_FONT_FILE), headed by
 * `options.logo` when there is one. A logo that cannot be drawn never fails the invoice: the document it was
 * started in is dropped (pdfkit may have half-embedded it) and the invoice is drawn again without it.
 */
export async function renderInvoicePdf(invoice: InvoiceRow, options: PdfOptions): Promise<Buffer> {
  if (options.logo) {
    try {
      const logo = logoToDraw(options.logo);
      return await writeInvoice(invoice, options, logo);
    } catch (error) {
      options.onLogoError?.(error);
    }
  }
  return writeInvoice(invoice, options, null);
}

function writeInvoice(invoice: InvoiceRow, options: PdfOptions, logo: DrawnLogo | null): Promise<Buffer> {
  return writePdf(
    {
      size: 'A4',
      margin: MARGIN,
      compress: options.compress ?? true,
      info: {
        Title: translate(options.language ?? 'en', 'server.invoices.pdfTitle', { number: invoice.number }),
        Author: invoice.seller.name ?? 'Gurukul',
      },
    },
    (doc) => draw(doc, invoice, options, invoiceFonts(doc, options.fontFile ?? INVOICE_FONT_FILE), logo),
  );
}

function draw(
  doc: PDFKit.PDFDocument,
  invoice: InvoiceRow,
  options: PdfOptions,
  fonts: InvoiceFonts,
  logo: DrawnLogo | null,
): void {
  const width = doc.page.width - MARGIN * 2;
  const locale = options.language ?? 'en';
  const say = (key: ServerKey, values?: MessageValues) => translate(locale, key, values);
  const day = (date: Date) => invoiceDay(date, locale);
  const { gst } = invoice;
  const money = (amount: number) => pdfAmount(amount, invoice.currency, fonts.symbols, locale);
  const right = (text: string, y: number, font = fonts.regular) =>
    doc.font(font).text(text, MARGIN, y, { width, align: 'right' });

  // The brand logo, then the seller, on the left; title and number on the right.
  const top = MARGIN;
  if (logo) doc.image(logo.bytes, MARGIN, top, { width: logo.width, height: logo.height });
  doc
    .font(fonts.bold)
    .fontSize(16)
    .fillColor('black')
    .text(invoice.seller.name ?? '', MARGIN, logo ? top + logo.height + 10 : top);
  doc.font(fonts.regular).fontSize(9).fillColor(MUTED);
  for (const line of [
    invoice.seller.address,
    invoice.seller.email,
    invoice.seller.taxId ? say('server.invoices.taxId', { taxId: invoice.seller.taxId }) : '',
    invoice.seller.gstin ? `GSTIN: ${invoice.seller.gstin}` : '',
    invoice.seller.stateCode
      ? say('server.invoices.state', { place: placeName(invoice.seller.stateCode) })
      : '',
  ])
    if (line) doc.text(line, { width: width / 2 });
  const sellerBottom = doc.y;

  // A commission invoice is money Gurukul pays the partner: it must not read as a bill the partner paid.
  const commission = invoice.kind === 'commission';
  const creditNote = invoice.kind === 'credit_note';
  doc.fillColor('black').fontSize(commission ? 16 : 20);
  const title = commission
    ? say('server.partners.commissionStatement')
    : creditNote
      ? say('server.invoices.creditNote')
      : say('server.invoices.taxInvoice');
  right(title, top, fonts.bold);
  doc.fontSize(10);
  right(invoice.number, top + 28, fonts.bold);
  right(say('server.invoices.date', { date: day(invoice.issuedAt) }), top + 42);
  // A credit note names the tax invoice it reverses, with its date (Rule 53).
  if (creditNote && options.original)
    right(
      say('server.invoices.againstInvoice', {
        number: options.original.number,
        date: day(options.original.issuedAt),
      }),
      top + 56,
    );

  // Buyer and period.
  let y = Math.max(sellerBottom, top + 70) + 20;
  doc
    .font(fonts.bold)
    .fontSize(10)
    .fillColor('black')
    .text(commission ? say('server.partners.paidTo') : say('server.invoices.billedTo'), MARGIN, y);
  doc.font(fonts.regular).fontSize(10);
  const { name, institute, email, country, gstin } = invoice.buyer;
  // An institute's own name is its buyer name; print it once.
  for (const line of [
    name,
    institute === name ? '' : institute,
    email,
    gstin ? `GSTIN: ${gstin}` : '',
    country,
  ])
    if (line) doc.text(line);
  if (gst) doc.text(say('server.invoices.placeOfSupply', { place: placeName(gst.placeOfSupply) }));
  if (invoice.periodStart && invoice.periodEnd) {
    doc.moveDown(0.5);
    doc.text(say('server.invoices.period', { start: day(invoice.periodStart), end: day(invoice.periodEnd) }));
  }

  // Lines table.
  y = doc.y + 24;
  const amountWidth = 120;
  // A GST document names each line's SAC in a column of its own.
  const sacWidth = gst ? 70 : 0;
  const descWidth = width - amountWidth - sacWidth;
  doc
    .rect(MARGIN, y - 6, width, 22)
    .fill('#eeeeee')
    .fillColor('black');
  doc.font(fonts.bold).fontSize(10);
  doc.text(say('server.invoices.description'), MARGIN + 6, y, { width: descWidth - 12 });
  if (gst) doc.text('SAC', MARGIN + descWidth, y, { width: sacWidth - 6 });
  doc.text(say('server.invoices.amount'), MARGIN + descWidth + sacWidth, y, {
    width: amountWidth - 6,
    align: 'right',
  });
  y += 24;
  doc.font(fonts.regular);
  for (const line of invoice.lines) {
    doc.text(lineDescription(line, invoice, locale), MARGIN + 6, y, { width: descWidth - 12 });
    const rowBottom = doc.y;
    if (gst) doc.text(gst.sac, MARGIN + descWidth, y, { width: sacWidth - 6 });
    doc.text(money(line.amount), MARGIN + descWidth + sacWidth, y, {
      width: amountWidth - 6,
      align: 'right',
    });
    y = Math.max(rowBottom, doc.y) + 8;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor('#cccccc')
    .stroke();

  // Totals: prices include tax, so the tax line says so.
  y += 10;
  const totalRow = (label: string, value: string, bold = false) => {
    const font = bold ? fonts.bold : fonts.regular;
    doc.font(font).fontSize(bold ? 12 : 10);
    doc.text(label, MARGIN + width - 320, y, { width: 190, align: 'right' });
    doc.text(value, MARGIN + width - 126, y, { width: 120, align: 'right' });
    y += bold ? 20 : 16;
  };
  if (gst) {
    // The GST split (decision 067): CGST + SGST within the supplier's state, IGST between states, none on export.
    // The GST terms (CGST, SGST, IGST, SAC, GSTIN) read the same in every language, as the GST portal prints them.
    totalRow(say('server.invoices.taxableValue'), money(gst.taxableValue));
    if (gst.supply === 'intra') {
      totalRow(`CGST ${formatRate(gst.rate / 2)}%`, money(gst.cgst));
      totalRow(`SGST ${formatRate(gst.rate / 2)}%`, money(gst.sgst));
    } else totalRow(`IGST ${formatRate(gst.rate)}%`, money(gst.igst));
  } else {
    totalRow(say('server.invoices.subtotal'), money(invoice.subtotal));
    totalRow(
      say('server.invoices.taxIncluded', { label: invoice.taxLabel, rate: formatRate(invoice.taxRate) }),
      money(invoice.taxAmount),
    );
  }
  totalRow(say('server.invoices.total'), money(invoice.total), true);
  if (invoice.currency === 'INR' && !commission) {
    doc.font(fonts.regular).fontSize(10);
    doc.text(
      say('server.invoices.amountInWords', { words: rupeesInWords(invoice.total, locale) }),
      MARGIN,
      y + 4,
      {
        width,
      },
    );
    y = doc.y + 4;
  }
  if (gst) {
    doc.font(fonts.regular).fontSize(9).fillColor(MUTED);
    doc.text(say('server.invoices.reverseCharge'), MARGIN, y + 2, { width });
    if (gst.supply === 'export') doc.font(fonts.bold).fillColor('black').text(EXPORT_ENDORSEMENT, { width });
    doc.fillColor('black');
    y = doc.y;
  }

  // Status stamp.
  y += 16;
  const paid = invoice.status === 'paid';
  const stamp = creditNote
    ? say('server.invoices.refunded')
    : paid
      ? commission
        ? say('server.partners.paidToPartner')
        : say('server.invoices.paid')
      : invoice.status === 'issued'
        ? say('server.invoices.issued')
        : invoice.status.toUpperCase();
  doc
    .font(fonts.bold)
    .fontSize(18)
    .fillColor(paid ? PAID_GREEN : MUTED)
    .text(stamp, MARGIN, y);
  doc.fillColor('black');
  if (options.testPayment) {
    doc.font(fonts.bold).fontSize(11).fillColor('#b3261e');
    doc.text(say('server.invoices.testPayment'), MARGIN, doc.y + 6);
    doc.fillColor('black');
  }

  // Footer.
  const footerY = doc.page.height - MARGIN - 30;
  doc.font(fonts.regular).fontSize(8).fillColor(MUTED);
  doc.text(
    `${invoice.seller.name ?? ''} · ${invoice.seller.email ?? ''} — ${say('server.invoices.footer')}`,
    MARGIN,
    footerY,
    { width, align: 'center', lineBreak: true },
  );
}

/** "Karnataka (29)", "Outside India (96)": a state as GST names it, with its code. */
const placeName = (code: string) => `${gstStateName(code) ?? code} (${code})`;

/** 18 → "18", 12.5 → "12.5". */
const formatRate = (rate: number) => String(Number(rate.toFixed(2)));
