import type { AuthoredCourse } from '../../../common/contracts/courses';
import type { CourseStep, SubmissionFacts } from '../../../common/courses';
import type { CourseRow } from '../../db/schema/index';
import type { App } from '../../http/app-type';

/** A course as its authors see it. Never the raw row: internal columns stay on the server. */
export function presentAuthoredCourse(
  app: App,
  course: CourseRow,
  extras: {
    ownerName?: string;
    counts?: { videos: number; faqs: number; materials: number };
    steps?: Record<CourseStep, boolean>;
    submission?: SubmissionFacts;
    /** The course pictures of a list at a smaller size (imageUrlsAt); without it, the picture as uploaded. */
    pictures?: Map<string, string>;
  } = {},
): AuthoredCourse {
  return {
    id: course.id,
    ownerId: course.ownerId,
    ownerName: extras.ownerName,
    title: course.title,
    description: course.description,
    category: course.category,
    level: course.level,
    language: course.language,
    price: course.price,
    currency: course.currency,
    passingScore: course.passingScore,
    thumbnailUrl: course.thumbnailPath
      ? (extras.pictures?.get(course.thumbnailPath) ?? app.storage.signedUrl(course.thumbnailPath))
      : null,
    status: course.approvalStatus,
    reviewComment: course.reviewComment,
    hasLiveVersion: course.approvedSnapshot !== null,
    submittedAt: course.submittedAt?.toISOString() ?? null,
    reviewedAt: course.reviewedAt?.toISOString() ?? null,
    updatedAt: course.updatedAt.toISOString(),
    counts: extras.counts,
    steps: extras.steps,
    submission: extras.submission,
  };
}
