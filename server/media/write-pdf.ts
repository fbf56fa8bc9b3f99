import PDFDocument from 'pdfkit';
import { loadHarfBuzz } from './shaped-pdf-text';

/**
 * A new pdfkit document drawn by `draw`, resolved with the finished file: the one way invoices, the demo deck
 * and the test fixtures collect pdfkit's stream into a Buffer. HarfBuzz is loaded first, so `draw` can lay text
 * out with the fonts registered by shaped-pdf-text.ts (registerShapedFont).
 */
export async function writePdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  await loadHarfBuzz();
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}
