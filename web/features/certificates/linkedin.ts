import type { CertificateSummary } from '../../../common/certificates';

/**
 * LinkedIn's "Add to profile" link for a certification: the form opens filled in, with the verification page as
 * the credential's URL, so whoever reads the profile can check it in one click. Nothing is sent to LinkedIn
 * until the learner saves the form there.
 */
export function addToLinkedInUrl(certificate: CertificateSummary): string {
  // The month as the certificate prints it: India's calendar, not UTC's (05:30 apart at a month's turn).
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(new Date(certificate.issuedAt));
  const part = (type: 'year' | 'month') => parts.find((each) => each.type === type)?.value ?? '';
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseTitle,
    organizationName: certificate.issuerName,
    issueYear: part('year'),
    issueMonth: part('month'),
    certUrl: certificate.verifyUrl,
    certId: certificate.id,
  });
  return `https://www.linkedin.com/profile/add?${query.toString()}`;
}
