// What other features may use from this one (decision 025); everything else here is the feature's own.
export { CertificateDesignSection, CertificateStep } from './certificate-step';
export { CourseCertificateCard } from './course-certificate-card';
export { IssuedCertificates } from './issued-section';
