import type { BankFormat, QuestionInput } from '../../../../common/contracts/quizzes';
import type { Said, Text } from '../../../i18n/said';

/**
 * What every question-bank reader (Moodle XML, GIFT, Aiken, QTI) answers: the questions Gurukul can hold, each
 * with what it came from, and every question it cannot hold with the reason. Readers are pure: bytes in, this out;
 * nothing is saved until the teacher confirms the preview (import-service.ts). Decision 076.
 */

/** The formats a teacher can bring questions in from (BANK_FORMATS). */
export type { BankFormat } from '../../../../common/contracts/quizzes';

/** A picture the file carries (Moodle's base64 @@PLUGINFILE@@ files, a QTI package's images), by the name the question uses. */
export interface BankImage {
  /** The name the question's HTML points at (`src`), as written in the file. */
  name: string;
  alt: string;
}

/**
 * One question Gurukul can hold. `question` is the form's input shape; the route checks it with the same schema
 * as the question form (questionSchema), so a reader never has to repeat the form's rules, and a question the
 * schema refuses becomes a skipped one with the schema's message.
 */
export interface DraftQuestion {
  /** Where it is in the file, for the preview: "line 12", "question 3", "item q1.xml". */
  ref: Said;
  /** The file's own name of its type ("multichoice", "choiceInteraction"), shown beside what it becomes. */
  sourceType: string;
  /** The file's title of the question, when it has one (Moodle's <name>, QTI's title). */
  title: string;
  question: QuestionInput;
  /** Moodle categories and tags, GIFT's $CATEGORY, QTI's manifest keywords: kept as the question's tags. */
  tags: string[];
  /** Pictures shown with the prompt, in the order the file had them. */
  images: BankImage[];
  /** What changed on the way in: partial credit made all-or-nothing, a wildcard taken literally, a dropped sound. */
  notes: Said[];
}

/** A question Gurukul cannot hold, and why (cloze, calculated, drag and drop…). */
export interface SkippedQuestion {
  ref: Said;
  sourceType: string;
  title: string;
  reason: Text;
}

/** A reader's answer for one file. */
export interface ReadBank {
  format: BankFormat;
  questions: DraftQuestion[];
  skipped: SkippedQuestion[];
  /** The bytes of every picture the file carries, by the name questions point at. */
  files: Map<string, Uint8Array>;
}
