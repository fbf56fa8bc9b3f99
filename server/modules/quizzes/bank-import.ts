import { createHash } from 'node:crypto';
import type {
  BankFormat,
  BankImportReport,
  BankPreview,
  BankPreviewQuestion,
} from '../../../common/contracts/quizzes';
import { questionSchema } from '../../../common/contracts/quizzes';
import { ALLOWED_IMAGE_TYPES } from '../../../common/files';
import type { Locale } from '../../../common/i18n/locales';
import { QUIZ_LIMITS, type QuestionImage } from '../../../common/quizzes';
import type { CourseRow, QuizRow } from '../../db/schema/index';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { speak } from '../../http/locale';
import { type Said, said, type Text } from '../../i18n/said';
import { assertStorageQuota, removeStoredFile, sniffFile, storeUpload } from '../files/uploads';
import { appendQuestions } from './authoring-service';
import { BankUnreadable } from './import/bank-unreadable';
import { readBank } from './import/read-bank';
import type { DraftQuestion } from './import/types';
import type { QuestionData } from './question-values';

/**
 * Question banks from other systems (issue 35, decision 076): a file is read and checked the same way for its
 * preview and for its import, so what the teacher saw is what is saved. Nothing is stored until the import, and
 * the import names the previewed file's digest: a different file is refused, not saved.
 */

interface CheckedPicture {
  name: string;
  alt: string;
  bytes: Uint8Array;
  mime: string;
}

interface CheckedQuestion {
  draft: DraftQuestion;
  data: QuestionData;
  pictures: CheckedPicture[];
  notes: Said[];
}

export interface CheckedBank {
  format: BankFormat;
  digest: string;
  questions: CheckedQuestion[];
  skipped: { ref: Text; sourceType: string; title: string; reason: Text }[];
}

const IMAGE_TYPES: readonly string[] = ALLOWED_IMAGE_TYPES;

/** Reads the file, then checks every question with the question form's own schema and every picture by its bytes. */
export async function checkBank(bytes: Buffer): Promise<CheckedBank> {
  let read: ReturnType<typeof readBank>;
  try {
    read = readBank(bytes);
  } catch (error) {
    if (error instanceof BankUnreadable) throw new AppError('INVALID_FILE', error.reason);
    throw error;
  }
  const checked: CheckedBank = {
    format: read.format,
    digest: digestOf(bytes),
    questions: [],
    skipped: read.skipped.map(({ ref, sourceType, title, reason }) => ({ ref, sourceType, title, reason })),
  };
  for (const draft of read.questions) {
    const parsed = questionSchema.safeParse({ ...draft.question, tags: tagsOf(draft.tags), images: [] });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      checked.skipped.push({
        ref: draft.ref,
        sourceType: draft.sourceType,
        title: draft.title,
        reason: issue.message,
      });
      continue;
    }
    const notes = [...draft.notes];
    const pictures: CheckedPicture[] = [];
    for (const image of draft.images) {
      const picture = read.files.get(image.name);
      if (!picture) continue; // the reader has noted it as missing
      const sniffed = await sniffFile(Buffer.from(picture));
      if (!sniffed || !IMAGE_TYPES.includes(sniffed.mime)) {
        notes.push(said('server.bank-import.note.imageType', { name: image.name }));
      } else if (pictures.length === QUIZ_LIMITS.imagesPerQuestion) {
        notes.push(said('server.bank-import.note.tooManyImages', { max: QUIZ_LIMITS.imagesPerQuestion }));
        break;
      } else {
        pictures.push({
          name: image.name,
          alt: image.alt.slice(0, QUIZ_LIMITS.imageAltLength),
          bytes: picture,
          mime: sniffed.mime,
        });
      }
    }
    checked.questions.push({ draft, data: parsed.data, pictures, notes });
  }
  if (checked.questions.length === 0 && checked.skipped.length === 0) {
    throw new AppError('INVALID_FILE', said('server.bank-import.noQuestions'));
  }
  return checked;
}

export const digestOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Tags as a question keeps them: trimmed, none twice, each cut to the limit by characters as read, at most 20. */
function tagsOf(tags: readonly string[]): string[] {
  const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });
  const cut = (tag: string) =>
    Array.from(segmenter.segment(tag), (part) => part.segment)
      .slice(0, QUIZ_LIMITS.tagLength)
      .join('')
      .trim();
  return [...new Set(tags.map(cut).filter((tag) => tag !== ''))].slice(0, QUIZ_LIMITS.tagsPerQuestion);
}

/** Notes that say a student would miss something the question showed: such questions start unticked. */
const LOST_CONTENT = new Set<string>([
  'server.bank-import.note.mediaDropped',
  'server.bank-import.note.imageMissing',
  'server.bank-import.note.imageType',
  'server.bank-import.note.tooManyImages',
  'server.bank-moodle.note.optionImage',
  'server.bank-moodle.note.linkedImage',
  'server.bank-qti.note.imageDropped',
]);

/** The preview as the teacher reads it, in their language. */
export function presentBankPreview(checked: CheckedBank, locale: Locale, room: number): BankPreview {
  return {
    format: checked.format,
    digest: checked.digest,
    room,
    questions: checked.questions.map(
      ({ draft, data, pictures, notes }, index): BankPreviewQuestion => ({
        index,
        ref: speak(locale, draft.ref),
        sourceType: draft.sourceType,
        title: draft.title,
        type: data.type,
        prompt: data.prompt,
        options:
          data.type === 'single' || data.type === 'multiple'
            ? data.options.map(({ text, correct }) => ({ text, correct }))
            : [],
        trueFalseAnswer: data.type === 'true_false' ? (data.trueFalseAnswer ?? null) : null,
        acceptedAnswers: data.type === 'short' ? data.acceptedAnswers : [],
        marks: data.marks,
        negativeMarks: data.negativeMarks,
        explanation: data.explanation,
        tags: data.tags,
        images: pictures.map(({ name, alt }) => ({ name, alt })),
        notes: notes.map((note) => speak(locale, note)),
        incomplete: notes.some((note) => LOST_CONTENT.has(note.key)),
      }),
    ),
    skipped: checked.skipped.map(({ ref, sourceType, title, reason }) => ({
      ref: speak(locale, ref),
      sourceType,
      title,
      reason: speak(locale, reason),
    })),
  };
}

/**
 * Saves the chosen questions (all but `leaveOut`) at the end of the quiz, as many as it has room for, each with
 * its pictures stored under the course owner's quota. A picture two questions share is stored once.
 */
export async function importBank(
  app: App,
  course: CourseRow,
  quiz: QuizRow,
  checked: CheckedBank,
  leaveOut: ReadonlySet<number>,
  room: number,
): Promise<BankImportReport> {
  const chosen = checked.questions.filter((_question, index) => !leaveOut.has(index));
  const taken = chosen.slice(0, Math.max(0, room));
  const pictures = new Map<string, CheckedPicture>();
  for (const question of taken) for (const picture of question.pictures) pictures.set(picture.name, picture);
  const pictureBytes = [...pictures.values()].reduce((sum, picture) => sum + picture.bytes.length, 0);
  if (pictureBytes > 0) await assertStorageQuota(app, course.ownerId, pictureBytes);
  const keys = new Map<string, string>();
  try {
    for (const picture of pictures.values()) {
      const { key } = await storeUpload(app, {
        ownerId: course.ownerId,
        folder: `question-images/${quiz.id}`,
        bytes: Buffer.from(picture.bytes),
        claimedType: picture.mime,
        allowed: IMAGE_TYPES,
      });
      keys.set(picture.name, key);
    }
    const imagesOf = (question: CheckedQuestion): QuestionImage[] =>
      question.pictures.flatMap((picture) => {
        const key = keys.get(picture.name);
        return key ? [{ key, alt: picture.alt }] : [];
      });
    const imported = await appendQuestions(
      app,
      course,
      quiz,
      taken.map((question) => ({ data: question.data, images: imagesOf(question) })),
    );
    // Another import filled the quiz in between: the pictures of questions that found no room go again.
    if (imported < taken.length) await removeUnused(app, keys, taken.slice(0, imported), imagesOf);
    return {
      imported,
      noRoom: chosen.length - imported,
      pictures: imported > 0 ? countPictures(taken.slice(0, imported)) : 0,
    };
  } catch (error) {
    for (const key of keys.values()) await removeStoredFile(app, key);
    throw error;
  }
}

const countPictures = (questions: CheckedQuestion[]) =>
  new Set(questions.flatMap((question) => question.pictures.map((picture) => picture.name))).size;

async function removeUnused(
  app: App,
  keys: Map<string, string>,
  saved: CheckedQuestion[],
  imagesOf: (question: CheckedQuestion) => QuestionImage[],
) {
  const used = new Set(saved.flatMap((question) => imagesOf(question).map((image) => image.key)));
  for (const key of keys.values()) if (!used.has(key)) await removeStoredFile(app, key);
}
