import type { App } from '../../http/app-type';
import { logoForPdf, mediaWorkDir, pdfLogoKey, pdfReadyPngSize } from '../../media/image-sizes';
import { readStoredBytes } from '../../providers/storage/storage';

/**
 * A brand logo as PNG bytes for an invoice: its stored copy, or for a logo uploaded before copies were made (or
 * whose copy failed) one converted now, in ffmpeg's own process with its time limit. Null on any failure, for
 * the invoice to go without: a logo never fails an invoice.
 */
export async function pdfLogoOf(app: App, key: string): Promise<Buffer | null> {
  try {
    const stored = await readStoredBytes(app.storage, pdfLogoKey(key));
    if (stored && pdfReadyPngSize(stored)) return stored;
    const original = await readStoredBytes(app.storage, key);
    if (!original) return null;
    return await logoForPdf(original, await mediaWorkDir(app.config.dataDir));
  } catch (error) {
    app.log.warn({ err: error, key }, 'could not read a brand logo for an invoice');
    return null;
  }
}
