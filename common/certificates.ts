import type { Locale } from './i18n/locales';

/**
 * What a certificate prints and signs, frozen when it is issued (decision 079): a course renamed, a teacher who
 * changes their logo or wording, or rules changed later never change a certificate already issued.
 */

/** How an author's certificates look: institute-wide, the teacher's own, or one course's (the nearest wins). */
export interface CertificateTemplate {
  orientation: 'landscape' | 'portrait';
  /** Borders and the title, as #rrggbb. */
  primaryColor: string;
  /** The rule under the title and the QR's frame, as #rrggbb. */
  accentColor: string;
  /**
   * The wording, with placeholders {name} {course} {issuer} {teacher} {hours} {date}; empty means the default
   * wording in the certificate's language (server/i18n/<locale>/certificates.json).
   */
  title: string;
  body: string;
  /** Printed under the signature, e.g. "Dr. Asha Rao" and "Principal". */
  signatoryName: string;
  signatoryTitle: string;
  /** Stored image files (PNG or JPEG, checked by their bytes when uploaded); null prints none. */
  logoPath: string | null;
  signaturePath: string | null;
}

/** Everything printed on, and signed into, one certificate. */
export interface IssuedContent {
  certificateId: string;
  /** The name as the learner asked for it to be printed. */
  recipientName: string;
  courseId: string;
  courseTitle: string;
  /** The institute's name when the course is an institute's, else the teacher's. */
  issuerName: string;
  teacherName: string;
  /** Seconds of lesson video in the course's live version when issued. */
  contentSeconds: number;
  /** ISO 8601. */
  issuedAt: string;
  /** The language the certificate is printed in: the learner's. */
  language: Locale;
  template: CertificateTemplate;
  /** The public verification page, which the QR code opens. */
  verifyUrl: string;
}

/** A quiz the rules ask for, and the share of its marks needed. */
export interface CertificateQuizRule {
  quizId: string;
  minPercent: number;
}

/** A course's completion rules as its author sets them in the course wizard. */
export interface CompletionRules {
  /** Certificates are issued for this course. */
  enabled: boolean;
  /** Share of each lesson to watch, 10–100. */
  lessonPercent: number;
  /** null: every quiz of the live version at its own pass mark. */
  quizzes: CertificateQuizRule[] | null;
  /** Questions to ask the course's guru, 0–50. */
  guruQuestions: number;
}

export const DEFAULT_COMPLETION_RULES: CompletionRules = {
  enabled: true,
  lessonPercent: 90,
  quizzes: null,
  guruQuestions: 0,
};

/**
 * What a printed name may not hold: control characters and the invisible marks that turn the direction of the text
 * around (a name that reads "Shetty" but is stored reversed) or hide characters. The joiners Indian scripts need
 * (ZWJ, ZWNJ) are allowed.
 */
export const UNPRINTABLE_IN_NAME = /[\p{Cc}\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u;

export const COMPLETION_LIMITS = { lessonPercentMin: 10, guruQuestionsMax: 50, nameMax: 120, reasonMax: 500 };

/** A learner's standing against each rule, as the course page shows it. */
export interface CompletionProgress {
  enabled: boolean;
  lessonPercent: number;
  lessons: { id: string; title: string; watchedPercent: number; met: boolean }[];
  quizzes: { id: string; title: string; minPercent: number; bestPercent: number | null; met: boolean }[];
  guruQuestions: { required: number; asked: number; met: boolean };
  met: boolean;
  /** When the server recorded the completion; null until then. */
  completedAt: string | null;
  certificate: CertificateSummary | null;
  /** The name that will be printed: the learner's saved one, else their account name. */
  printedName: string;
  /** The learner has confirmed the printed name once (otherwise they are asked before the first certificate). */
  nameConfirmed: boolean;
}

/** One certificate, as its learner and the course's authors list it. */
export interface CertificateSummary {
  id: string;
  courseId: string;
  courseTitle: string;
  recipientName: string;
  issuerName: string;
  issuedAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
  verifyUrl: string;
}

/** What the public verification page shows: nothing else about the learner. */
export interface PublicCertificate {
  id: string;
  recipientName: string;
  courseTitle: string;
  issuerName: string;
  issuedAt: string;
  status: 'valid' | 'revoked';
  revokedAt: string | null;
  /** Our own check of the credential's signature against the platform's published keys. */
  signatureValid: boolean;
  credential: Record<string, unknown>;
}
