import { z } from 'zod';
import { fill } from '../i18n/message-template';
import type { QuestionOption, QuestionType } from '../quizzes';
import type { AuthoredCourse } from './courses';
import { rejectSchema } from './courses';
import { requiredText } from './fields';

/**
 * The admin's review of a course (GET /api/approvals/:courseId): the course, everything students would get with
 * what changed since the live version marked on each item, and a rejection with comments on single items.
 * The approvals routes and the review page are typed with these (docs/decisions/045-approval-review.md).
 */

/** One difference between the live version and the one waiting, in words an admin can review. */
export interface SnapshotChange {
  area: 'info' | 'videos' | 'faqs' | 'materials' | 'quizzes';
  kind: 'changed' | 'added' | 'removed';
  label: string;
  before?: string;
  after?: string;
}

/** How an item of the waiting version differs from the live one; null when it does not, or nothing is live. */
export type ChangeMark = 'new' | 'changed' | 'removed' | null;

/** The kinds of item an admin can comment on; `info` is the course information as a whole. */
export const REVIEW_AREAS = ['info', 'lesson', 'preview', 'quiz', 'faq', 'material'] as const;
export type ReviewArea = (typeof REVIEW_AREAS)[number];

/** What every reviewed item has: which one it is and how it changed. */
interface ReviewedItem {
  id: string;
  mark: ChangeMark;
  /** For a changed item: what students see now, in words ("Title: “Old”"). */
  before?: string;
}

export interface ReviewVideo extends ReviewedItem {
  title: string;
  durationSeconds: number | null;
  /** The admin's playlist (GET /api/approvals/:courseId/videos/:videoId/hls/index.m3u8). */
  playlistUrl: string | null;
  posterUrl: string | null;
  captionsUrl: string | null;
}

/** A question with what a student never sees while answering: the correct options, accepted answers, marks. */
export interface ReviewQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  options: QuestionOption[];
  acceptedAnswers: string[];
  marks: number;
  negativeMarks: number;
  explanation: string;
  mark: ChangeMark;
}

export interface ReviewQuiz extends ReviewedItem {
  title: string;
  instructions: string;
  timeLimitMinutes: number;
  attemptsAllowed: number;
  passPercent: number;
  totalMarks: number;
  questions: ReviewQuestion[];
}

export interface ReviewFaq extends ReviewedItem {
  question: string;
  answer: string;
}

export interface ReviewMaterial extends ReviewedItem {
  title: string;
  /** A signed link to the PDF (the file stays while the live version lists it, even when removed since). */
  url: string;
}

/** An admin's comment on one item, as the teacher reads it. */
export interface ItemComment {
  area: ReviewArea;
  itemId: string;
  /** The item as named when the comment was written, e.g. "Lesson “Radians”". */
  label: string;
  comment: string;
}

/** The review page's data. */
export interface ApprovalDetail {
  course: AuthoredCourse;
  /** For a re-approval, every difference in words; null for a first submission. */
  changes: SnapshotChange[] | null;
  /** Whether the course information differs from the live version. */
  infoMark: ChangeMark;
  /** The waiting version's items in order, then those it removed from the live version. */
  items: {
    lessons: ReviewVideo[];
    previews: ReviewVideo[];
    quizzes: ReviewQuiz[];
    faqs: ReviewFaq[];
    materials: ReviewMaterial[];
  };
  /** The comments of the last rejection (what the teacher was asked to fix). */
  itemComments: ItemComment[];
}

/** The comments of a rejected course for its authors (GET /api/approvals/:courseId/item-comments). */
export interface ItemCommentsAnswer {
  /** Empty unless the course is REJECTED: a new decision replaces them. */
  comments: ItemComment[];
}

export const ITEM_COMMENT_MAX = 1000;
/** A rejection's own messages, keyed as `approvalMsg.*` (common/i18n/module-messages.ts). */
export const APPROVAL_MSG = {
  chooseItem: 'Please choose what the comment is about',
  tooManyComments: 'Please comment on at most {max} items',
} as const;

export const ITEM_COMMENTS_MAX = 100;

/** A rejection: the overall reason (required) and, optionally, a comment on single items. */
export const rejectWithItemsSchema = rejectSchema.extend({
  items: z
    .array(
      z.object({
        area: z.enum(REVIEW_AREAS, { error: APPROVAL_MSG.chooseItem }),
        itemId: z.string().min(1, APPROVAL_MSG.chooseItem).max(64),
        comment: requiredText(ITEM_COMMENT_MAX),
      }),
    )
    .max(ITEM_COMMENTS_MAX, fill(APPROVAL_MSG.tooManyComments, { max: ITEM_COMMENTS_MAX }))
    .optional(),
});
export type RejectInput = z.input<typeof rejectWithItemsSchema>;
