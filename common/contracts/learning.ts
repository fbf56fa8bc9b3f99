/**
 * A learner's answers (GET /api/learning/subscriptions and /api/learning/courses/:id): their courses with
 * progress, and a course as its player shows it. The server's learning service is typed with these.
 */

export interface SubscribedCourse {
  id: string;
  title: string;
  category: string;
  level: string;
  teacherName: string;
  lessonCount: number;
  completedLessons: number;
  progressPercent: number;
  /** The course picture (640 px copy) or null: the card then shows a generated cover. */
  thumbnailUrl: string | null;
  subscribedAt: string;
}

export interface LearnerLesson {
  id: string;
  title: string;
  durationSeconds: number | null;
  posterUrl: string | null;
  playlistUrl: string;
  captionsUrl: string | null;
  positionSeconds: number;
  watchedSeconds: number;
  completed: boolean;
}

export interface LearnerCourse {
  id: string;
  title: string;
  description: string;
  category: string;
  level: string;
  language: string;
  teacherName: string;
  progressPercent: number;
  lessons: LearnerLesson[];
  faqs: { id: string; question: string; answer: string }[];
  materials: { id: string; title: string; url: string }[];
}
