import type {
  ApprovalDetail,
  ChangeMark,
  ReviewArea,
  ReviewQuestion,
  ReviewQuiz,
  ReviewVideo,
} from '../../../common/contracts/approvals';
import { maxScore, type PaperQuestion } from '../../../common/quizzes';
import type { App } from '../../http/app-type';
import { itemLabel } from '../../i18n/review-comment';
import { HLS_PLAYLIST } from '../../media/ffmpeg';
import { type CourseSnapshot, liveQuizzes, type SnapshotQuiz } from '../courses/snapshot';
import { describeSnapshotQuiz, quizChanged } from '../quizzes/snapshot-quizzes';

// What the admin reviews: every item of the waiting version, each marked new or changed against the live
// (approved) version, and the live version's items the waiting one removed, marked removed. A first
// submission has nothing live, so nothing is marked (decision 045).

type Video = CourseSnapshot['videos'][number];

/** The admin's playlist of a video of the waiting or the live version (admins only: routes.ts). */
export const reviewPlaylistUrl = (courseId: string, videoId: string) =>
  `/api/approvals/${courseId}/videos/${videoId}/hls/${HLS_PLAYLIST}`;

/**
 * Pairs each current item with its live counterpart: new, changed (by `describe`), or unchanged; then the live
 * items that are gone, marked removed. Without a live version nothing is marked.
 */
function marked<T extends { id: string }, R>(
  current: T[],
  approved: T[] | null,
  describe: (item: T) => string,
  present: (item: T, mark: ChangeMark, before?: string) => R,
  differs: (old: T, item: T) => boolean = (old, item) => describe(old) !== describe(item),
): R[] {
  if (!approved) return current.map((item) => present(item, null));
  const live = new Map(approved.map((item) => [item.id, item]));
  const kept = new Set(current.map((item) => item.id));
  const result = current.map((item) => {
    const old = live.get(item.id);
    if (!old) return present(item, 'new');
    return differs(old, item) ? present(item, 'changed', describe(old)) : present(item, null);
  });
  for (const old of approved) if (!kept.has(old.id)) result.push(present(old, 'removed'));
  return result;
}

function videoWords(video: Video): string {
  const captions = video.captionsPath ? 'with captions' : 'no captions';
  return `Title: “${video.title}”, ${captions}`;
}

function presentVideo(app: App, courseId: string) {
  return (video: Video, mark: ChangeMark, before?: string): ReviewVideo => ({
    id: video.id,
    mark,
    ...(before === undefined ? {} : { before }),
    title: video.title,
    durationSeconds: video.durationSeconds,
    playlistUrl: video.hlsPath ? reviewPlaylistUrl(courseId, video.id) : null,
    posterUrl: video.posterPath ? app.storage.signedUrl(video.posterPath) : null,
    captionsUrl: video.captionsPath ? app.storage.signedUrl(video.captionsPath) : null,
  });
}

/** A question's content field by field (a snapshot read back from jsonb has its keys in another order). */
const questionWords = (question: PaperQuestion) =>
  JSON.stringify([
    question.type,
    question.prompt,
    question.options.map(({ id, text, correct }) => [id, text, correct]),
    question.acceptedAnswers,
    question.marks,
    question.negativeMarks,
    question.explanation,
    question.videoId,
    question.videoSeconds,
  ]);

function presentQuestion(question: PaperQuestion, mark: ChangeMark): ReviewQuestion {
  return {
    id: question.id,
    type: question.type,
    prompt: question.prompt,
    options: question.options.map(({ id, text, correct }) => ({ id, text, correct })),
    acceptedAnswers: question.acceptedAnswers,
    marks: question.marks,
    negativeMarks: question.negativeMarks,
    explanation: question.explanation,
    mark,
  };
}

function reviewQuizzes(current: SnapshotQuiz[], approved: SnapshotQuiz[] | null): ReviewQuiz[] {
  const live = new Map((approved ?? []).map((quiz) => [quiz.id, quiz]));
  const present = (quiz: SnapshotQuiz, mark: ChangeMark, before?: string): ReviewQuiz => {
    const old = live.get(quiz.id);
    // Inside a changed quiz, each question is marked against its live version too.
    const questions =
      mark === 'changed' && old
        ? marked(quiz.questions, old.questions, questionWords, presentQuestion)
        : quiz.questions.map((question) => presentQuestion(question, null));
    return {
      id: quiz.id,
      mark,
      ...(before === undefined ? {} : { before }),
      title: quiz.title,
      instructions: quiz.instructions,
      timeLimitMinutes: quiz.timeLimitMinutes,
      attemptsAllowed: quiz.attemptsAllowed,
      passPercent: quiz.passPercent,
      totalMarks: maxScore(quiz.questions),
      questions,
    };
  };
  if (!approved) return current.map((quiz) => present(quiz, null));
  const kept = new Set(current.map((quiz) => quiz.id));
  return [
    ...current.map((quiz) => {
      const old = live.get(quiz.id);
      if (!old) return present(quiz, 'new');
      return quizChanged(old, quiz)
        ? present(quiz, 'changed', describeSnapshotQuiz(old))
        : present(quiz, null);
    }),
    ...approved.filter((quiz) => !kept.has(quiz.id)).map((quiz) => present(quiz, 'removed')),
  ];
}

/** The items of the review page, from the waiting version and the live one (null for a first submission). */
export function reviewItems(
  app: App,
  courseId: string,
  current: CourseSnapshot,
  approved: CourseSnapshot | null,
): ApprovalDetail['items'] {
  const ofKind = (snapshot: CourseSnapshot | null, kind: string) =>
    snapshot ? snapshot.videos.filter((video) => video.kind === kind) : null;
  const videosOf = (kind: string) =>
    marked(ofKind(current, kind) ?? [], ofKind(approved, kind), videoWords, presentVideo(app, courseId));
  return {
    lessons: videosOf('lesson'),
    previews: videosOf('preview'),
    quizzes: reviewQuizzes(liveQuizzes(current), approved ? liveQuizzes(approved) : null),
    faqs: marked(
      current.faqs,
      approved?.faqs ?? null,
      (faq) => `“${faq.question}” — ${faq.answer}`,
      (faq, mark, before) => ({
        id: faq.id,
        mark,
        ...(before === undefined ? {} : { before }),
        question: faq.question,
        answer: faq.answer,
      }),
    ),
    materials: marked(
      current.materials,
      approved?.materials ?? null,
      (material) => `Title: “${material.title}”`,
      (material, mark, before) => ({
        id: material.id,
        mark,
        ...(before === undefined ? {} : { before }),
        title: material.title,
        url: app.storage.signedUrl(material.filePath),
      }),
      // A replaced file under the same title is a change too (where it is stored is never shown).
      (old, material) => old.title !== material.title || old.filePath !== material.filePath,
    ),
  };
}

/** Every item an admin may comment on, by area and id, with the label the comment carries. */
export function commentableItems(items: ApprovalDetail['items']): Map<string, string> {
  // Stored in English and read back in the reader's language (server/i18n/review-comment.ts).
  const labels = new Map<string, string>([[itemKey('info', 'info'), itemLabel('info', '')]]);
  const add = (area: Exclude<ReviewArea, 'info'>, id: string, name: string) =>
    labels.set(itemKey(area, id), itemLabel(area, name));
  for (const video of items.lessons) add('lesson', video.id, video.title);
  for (const video of items.previews) add('preview', video.id, video.title);
  for (const quiz of items.quizzes) add('quiz', quiz.id, quiz.title);
  for (const faq of items.faqs) add('faq', faq.id, faq.question);
  for (const material of items.materials) add('material', material.id, material.title);
  return labels;
}

export const itemKey = (area: ReviewArea, itemId: string) => `${area}:${itemId}`;
