import { eq } from 'drizzle-orm';
import { type CertificateRow, users } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { mailText, type Say, sayTo } from '../../http/mail-text';

/**
 * The learner hears when a certificate is issued and when it is revoked (decision 079), in their language. The
 * e-mail names the course and links to their certificates and the public page; the reason for a revocation goes
 * to the learner only, never to the public page.
 */
async function mailLearner(
  app: App,
  certificate: CertificateRow,
  write: (say: Say, course: string) => { subject: string; paragraphs: string[] },
) {
  const user = await app.db.query.users.findFirst({ where: eq(users.id, certificate.userId) });
  if (!user) return;
  const say = sayTo(user);
  const { subject, paragraphs } = write(say, certificate.content.courseTitle);
  await app.mailer.send({ to: user.email, subject, text: mailText(say, user.fullName, paragraphs) });
}

export const sendCertificateIssuedEmail = (app: App, certificate: CertificateRow) =>
  mailLearner(app, certificate, (say, course) => ({
    subject: say('server.certificates.mail.issued.subject', { course }),
    paragraphs: [
      say('server.certificates.mail.issued.body', { course }),
      say('server.certificates.mail.issued.links', {
        mine: `${app.config.publicUrl}/certificates`,
        verify: certificate.content.verifyUrl,
      }),
    ],
  }));

export const sendCertificateRevokedEmail = (app: App, certificate: CertificateRow, reason: string) =>
  mailLearner(app, certificate, (say, course) => ({
    subject: say('server.certificates.mail.revoked.subject', { course }),
    paragraphs: [
      say('server.certificates.mail.revoked.body', { course, issuer: certificate.content.issuerName }),
      say('server.certificates.mail.revoked.reason', { reason }),
      say('server.certificates.mail.revoked.help', { help: `${app.config.publicUrl}/support-tickets` }),
    ],
  }));
