import type { CertificateSummary } from '../../../common/certificates';

/**
 * LinkedIn's "Add to profile" link for a certification: the form opens filled in, with the verification page as
 * the credential's URL, so whoever reads the profile can check it in one click. Nothing is sent to LinkedIn
 * until the learner saves the form there.
 */
export function addToLinkedInUrl(certificate: CertificateSummary): string {
  const issued = new Date(certificate.issuedAt);
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseTitle,
    organizationName: certificate.issuerName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: certificate.verifyUrl,
    certId: certificate.id,
  });
  return `https://www.linkedin.com/profile/add?${query.toString()}`;
}
