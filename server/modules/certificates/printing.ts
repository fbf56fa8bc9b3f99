import type { IssuedContent } from '../../../common/certificates';
import type { CertificateRow } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { pdfReadyPngSize } from '../../media/image-sizes';
import { readStoredBytes } from '../../providers/storage/storage';
import { pdfLogoOf } from '../invoices/logo';
import { renderCertificatePdf } from './pdf';

const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * A stored picture as pdfkit draws it: an uploaded PNG or JPEG as it is, a brand logo in another format through
 * its invoice copy (invoices/logo.ts). Null when it is gone or unreadable: the certificate prints without it.
 */
async function pictureForPdf(app: App, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    const bytes = await readStoredBytes(app.storage, key);
    if (bytes && (pdfReadyPngSize(bytes) || isJpeg(bytes))) return bytes;
    return bytes ? await pdfLogoOf(app, key) : null;
  } catch (error) {
    app.log.warn({ err: error, key }, 'could not read a certificate picture');
    return null;
  }
}

/** The PDF of issued (or sample) content, stamped as revoked when it is. */
export async function printCertificate(
  app: App,
  content: IssuedContent,
  revoked: Pick<CertificateRow, 'revokedAt' | 'revokedReason'> | null = null,
): Promise<Buffer> {
  const [logo, signature] = await Promise.all([
    pictureForPdf(app, content.template.logoPath),
    pictureForPdf(app, content.template.signaturePath),
  ]);
  return renderCertificatePdf(content, {
    logo,
    signature,
    revoked: revoked?.revokedAt ? { at: revoked.revokedAt, reason: revoked.revokedReason ?? '' } : null,
  });
}

/** `Content-Disposition` for a download named in any script (an ASCII fallback for old clients). */
export const downloadName = (fallback: string, name: string) =>
  `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
