import type { CertificateSummary, PublicCertificate } from '../../../common/certificates';
import type { CertificateRow } from '../../db/schema/index';

/** A certificate as its learner and its course's authors list it. */
export const certificateSummary = (row: CertificateRow): CertificateSummary => ({
  id: row.id,
  courseId: row.courseId,
  courseTitle: row.content.courseTitle,
  recipientName: row.content.recipientName,
  issuerName: row.content.issuerName,
  issuedAt: row.issuedAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  revokedReason: row.revokedReason,
  verifyUrl: row.content.verifyUrl,
});

/** The public page's view: name, course, issuer, date and status; never the reason, the e-mail or the account. */
export const publicCertificate = (row: CertificateRow, signatureValid: boolean): PublicCertificate => ({
  id: row.id,
  recipientName: row.content.recipientName,
  courseTitle: row.content.courseTitle,
  issuerName: row.content.issuerName,
  issuedAt: row.issuedAt.toISOString(),
  status: row.revokedAt ? 'revoked' : 'valid',
  revokedAt: row.revokedAt?.toISOString() ?? null,
  signatureValid,
  credential: row.credential,
});
