import type { AuthoredCourse } from './courses';

/**
 * The admin's review of a course (GET /api/approvals/:courseId): the course, what students would get, and for a
 * re-approval what changed since the live version. The approvals routes are typed with these.
 */

/** One difference between the live version and the one waiting, in words an admin can review. */
export interface SnapshotChange {
  area: 'info' | 'videos' | 'faqs' | 'materials' | 'quizzes';
  kind: 'changed' | 'added' | 'removed';
  label: string;
  before?: string;
  after?: string;
}

/** The review page's data. */
export interface ApprovalDetail {
  course: AuthoredCourse;
  /** What students would get: the version waiting for review (its lists; the info is `course`'s). */
  current: {
    videos: { id: string; kind: string; title: string }[];
    faqs: { id: string; question: string; answer: string }[];
    materials: { id: string; title: string }[];
  };
  changes: SnapshotChange[] | null;
}
