/** Choices offered by the course form; stored as the plain value. */
export const COURSE_CATEGORIES = [
  'Mathematics',
  'Science',
  'Languages',
  'Computer Science',
  'Business',
  'Arts and Design',
  'Music',
  'Health and Fitness',
  'Exam Preparation',
  'Personal Development',
  'Other',
] as const;

export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'All Levels'] as const;

export const COURSE_LANGUAGES = [
  'English',
  'Hindi',
  'Bengali',
  'Tamil',
  'Telugu',
  'Marathi',
  'Gujarati',
  'Kannada',
  'Malayalam',
  'Punjabi',
  'Urdu',
  'Spanish',
  'French',
  'German',
  'Arabic',
  'Portuguese',
  'Other',
] as const;

export const APPROVAL_STATUSES = ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'PENDING_REAPPROVAL'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** SPEC §9 limits. */
export const MAX_COURSE_PRICE = 10_000_000;
export const MAX_PASSING_SCORE = 10_000;

/** The wizard's steps, in order (SPEC §2). */
export const COURSE_STEPS = [
  'course-information',
  'course-videos',
  'quiz',
  'faq',
  'study-material',
  'preview-videos',
] as const;
export type CourseStep = (typeof COURSE_STEPS)[number];

export const COURSE_STEP_LABELS = {
  'course-information': 'Course Information',
  'course-videos': 'Course Videos',
  quiz: 'Quiz',
  faq: 'FAQ',
  'study-material': 'Study Material',
  'preview-videos': 'Preview Videos',
} satisfies Record<CourseStep, string>;

export const COURSE_FILTERS = [
  'withStudyMaterial',
  'withoutStudyMaterial',
  'withQuiz',
  'withoutQuiz',
  'withFaq',
  'withoutFaq',
] as const;
export type CourseFilter = (typeof COURSE_FILTERS)[number];

/**
 * Which approval changes are allowed and who makes them. Editing an approved course moves it to
 * PENDING_REAPPROVAL on its own; an author submits DRAFT and REJECTED versions; an admin decides.
 */
export const APPROVAL_TRANSITIONS = {
  submit: { from: ['DRAFT', 'REJECTED'], to: 'PENDING' },
  approve: { from: ['PENDING', 'PENDING_REAPPROVAL'], to: 'APPROVED' },
  reject: { from: ['PENDING', 'PENDING_REAPPROVAL'], to: 'REJECTED' },
} as const satisfies Record<string, { from: readonly ApprovalStatus[]; to: ApprovalStatus }>;
export type ApprovalAction = keyof typeof APPROVAL_TRANSITIONS;

export function canTransition(action: ApprovalAction, from: ApprovalStatus): boolean {
  return (APPROVAL_TRANSITIONS[action].from as readonly ApprovalStatus[]).includes(from);
}

/** A resubmission of a course that is already live is a re-approval request. */
export function submitTarget(hasLiveVersion: boolean): ApprovalStatus {
  return hasLiveVersion ? 'PENDING_REAPPROVAL' : 'PENDING';
}

/** Status after an author edits the working version. */
export function statusAfterEdit(status: ApprovalStatus): ApprovalStatus {
  if (status === 'APPROVED') return 'PENDING_REAPPROVAL';
  return status;
}
