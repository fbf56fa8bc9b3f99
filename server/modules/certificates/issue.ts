import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CertificateTemplate, CompletionRules, IssuedContent } from '../../../common/certificates';
import {
  type CertificateRow,
  certificateNames,
  certificates,
  courseCompletions,
  users,
} from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { storedLocale, translate } from '../../http/locale';
import { said } from '../../i18n/said';
import { lessonsOf, loadLiveCourse } from '../catalog/service';
import { buildCredential, keyUrl, signCredential } from './credential';
import { sendCertificateIssuedEmail } from './emails';
import { loadRules, requiredQuizzes, standingOf } from './rules';
import { currentSigningKey } from './signing-keys';
import { templateForCourse } from './templates';

type LiveCourse = Awaited<ReturnType<typeof loadLiveCourse>>;

/** 120 random bits in lowercase base32 (24 letters and digits): unguessable, and easy to read out or type. */
export function newCertificateId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(15);
  let bits = 0;
  let value = 0;
  let id = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      id += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return id;
}

export const verifyUrlOf = (publicUrl: string, id: string) => `${publicUrl}/certificate/${id}`;

/** The rules as a sentence for the credential's criteria, in the certificate's language. */
function criteriaText(language: IssuedContent['language'], rules: CompletionRules, live: LiveCourse): string {
  const parts = [
    translate(language, 'server.certificates.criteria.lessons', { percent: rules.lessonPercent }),
  ];
  for (const quiz of requiredQuizzes(rules, live.snapshot))
    parts.push(
      translate(language, 'server.certificates.criteria.quiz', {
        quiz: quiz.title,
        percent: quiz.minPercent,
      }),
    );
  if (rules.guruQuestions > 0)
    parts.push(translate(language, 'server.certificates.criteria.guru', { count: rules.guruQuestions }));
  return parts.join(' ');
}

/** The issuer a certificate names: the course owner's institute when they belong to one, else the teacher. */
async function issuerOf(app: App, live: LiveCourse): Promise<string> {
  if (!live.instituteId) return live.teacherName;
  const [institute] = await app.db
    .select({ name: users.fullName })
    .from(users)
    .where(eq(users.id, live.instituteId));
  return institute?.name ?? live.teacherName;
}

/** A design without a logo of its own prints the teacher's brand logo (else their institute's), when there is one. */
export const withBrandLogo = (
  template: CertificateTemplate,
  brandLogoPath: string | null,
): CertificateTemplate => (template.logoPath ? template : { ...template, logoPath: brandLogoPath });

/** The name a learner's certificates print: the one they confirmed, else their account's (to be confirmed). */
export async function printedNameOf(app: App, userId: string): Promise<{ name: string; confirmed: boolean }> {
  const [row] = await app.db
    .select({ saved: certificateNames.name, account: users.fullName })
    .from(users)
    .leftJoin(certificateNames, eq(certificateNames.userId, users.id))
    .where(eq(users.id, userId));
  return { name: row?.saved ?? row?.account ?? '', confirmed: Boolean(row?.saved) };
}

export async function saveCertificateName(app: App, userId: string, name: string): Promise<void> {
  await app.db
    .insert(certificateNames)
    .values({ userId, name })
    .onConflictDoUpdate({ target: certificateNames.userId, set: { name, updatedAt: new Date() } });
}

/**
 * Issues the learner's certificate for a live course: everything it prints frozen, its Open Badges credential
 * signed with the platform's current key. One per learner and course: a second call (or a race) returns the one
 * there is. The caller has checked the rules.
 */
export async function issueCertificate(
  app: App,
  userId: string,
  live: LiveCourse,
  rules: CompletionRules,
  at = new Date(),
): Promise<{ row: CertificateRow; created: boolean }> {
  const [user] = await app.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  const language = storedLocale(user?.locale);
  const { name } = await printedNameOf(app, userId);
  const id = newCertificateId();
  const content: IssuedContent = {
    certificateId: id,
    recipientName: name,
    courseId: live.course.id,
    courseTitle: live.snapshot.info.title,
    issuerName: await issuerOf(app, live),
    teacherName: live.teacherName,
    contentSeconds: Math.round(
      lessonsOf(live.snapshot).reduce((total, lesson) => total + (lesson.durationSeconds ?? 0), 0),
    ),
    issuedAt: at.toISOString(),
    language,
    template: withBrandLogo((await templateForCourse(app, live.course)).template, live.brandLogoPath),
    verifyUrl: verifyUrlOf(app.config.publicUrl, id),
  };
  const key = await currentSigningKey(app);
  const credential = signCredential(
    buildCredential({
      certificateId: id,
      verifyUrl: content.verifyUrl,
      origin: app.config.publicUrl,
      recipientName: content.recipientName,
      courseId: content.courseId,
      courseTitle: content.courseTitle,
      courseDescription: live.snapshot.info.description,
      criteria: criteriaText(language, rules, live),
      issuerName: content.issuerName,
      issuedAt: content.issuedAt,
      language,
    }),
    { verificationMethod: keyUrl(app.config.publicUrl, key.keyId), privateKey: key.privateKey },
    at,
  ) as unknown as Record<string, unknown>;
  const [row] = await app.db
    .insert(certificates)
    .values({
      id,
      userId,
      courseId: live.course.id,
      ownerId: live.course.ownerId,
      issuedAt: at,
      content,
      credential,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return { row, created: true };
  const [existing] = await app.db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, live.course.id)));
  if (!existing) throw new Error('a certificate was neither issued nor found');
  return { row: existing, created: false };
}

export const RULES_NOT_MET = said('server.certificates.rulesNotMet');

/**
 * Records the completion the first time the learner meets the rules and, once they have confirmed the name to
 * print, issues the certificate and e-mails them. Safe to call after anything a learner does (listeners, the
 * progress read): it reads everything from the database and does nothing twice. `claim` issues even before a
 * name was confirmed (the learner just confirmed it) and refuses when the rules are not met.
 */
export async function settleCompletion(
  app: App,
  userId: string,
  courseId: string,
  options: { claim?: boolean } = {},
) {
  let live: LiveCourse;
  try {
    live = await loadLiveCourse(app, courseId);
  } catch (error) {
    if (options.claim) throw error;
    return null;
  }
  const rules = await loadRules(app, courseId);
  const standing = await standingOf(app, userId, { id: courseId, snapshot: live.snapshot }, rules);
  let [completion] = await app.db
    .select()
    .from(courseCompletions)
    .where(and(eq(courseCompletions.userId, userId), eq(courseCompletions.courseId, courseId)));
  if (!completion && standing.met) {
    await app.db.insert(courseCompletions).values({ userId, courseId }).onConflictDoNothing();
    [completion] = await app.db
      .select()
      .from(courseCompletions)
      .where(and(eq(courseCompletions.userId, userId), eq(courseCompletions.courseId, courseId)));
  }
  let [certificate] = await app.db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  // Issued only while the rules hold now and certificates are on: a completion recorded under older rules
  // stays recorded, but does not issue a certificate the current rules would not.
  const ready = standing.met && rules.enabled && !certificate;
  if (options.claim && !certificate && !ready) throw new AppError('CONFLICT', RULES_NOT_MET);
  if (ready && (options.claim || (await printedNameOf(app, userId)).confirmed)) {
    const issued = await issueCertificate(app, userId, live, rules);
    certificate = issued.row;
    if (issued.created)
      await sendCertificateIssuedEmail(app, issued.row).catch((error: unknown) =>
        app.log.warn({ err: error, certificateId: issued.row.id }, 'could not e-mail an issued certificate'),
      );
  }
  return { live, rules, standing, completion: completion ?? null, certificate: certificate ?? null };
}
