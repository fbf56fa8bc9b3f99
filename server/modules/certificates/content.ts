// The certificate's printed and signed content lives in common/ (the web's template editor edits the same shape).
export type { CertificateTemplate, IssuedContent } from '../../../common/certificates';
