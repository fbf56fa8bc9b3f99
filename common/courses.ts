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
  'certificate',
] as const;
export type CourseStep = (typeof COURSE_STEPS)[number];

export const COURSE_STEP_LABELS = {
  'course-information': 'Course Information',
  'course-videos': 'Course Videos',
  quiz: 'Quiz',
  faq: 'FAQ',
  'study-material': 'Study Material',
  'preview-videos': 'Preview Videos',
  certificate: 'Certificate',
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

/** What decides whether a course may be sent for approval; the server counts them from the working version. */
export interface SubmissionFacts {
  /** The course-information step is complete. */
  informationComplete: boolean;
  /** Lesson videos packaged and ready to play (a failed or processing one does not count). */
  readyLessons: number;
  /** Videos of either kind still being packaged. */
  processingVideos: number;
}

export type SubmissionRule = 'course-information' | 'videos-processing' | 'lesson';

/**
 * A rule a course breaks: `todo` is the short line the wizard lists ("Add at least one lesson video"); `step` is
 * where the author fixes it. What the server answers is its own text (server/modules/courses/submission.ts).
 */
export interface SubmissionProblem {
  rule: SubmissionRule;
  todo: string;
  step: CourseStep;
}

/** The rules in the order the server reports them (the first problem is its answer). */
const SUBMISSION_RULES: readonly (SubmissionProblem & { broken: (facts: SubmissionFacts) => boolean })[] = [
  {
    rule: 'course-information',
    todo: 'Complete the course information',
    step: 'course-information',
    broken: (facts) => !facts.informationComplete,
  },
  {
    rule: 'videos-processing',
    todo: 'Wait until every video has finished processing',
    step: 'course-videos',
    broken: (facts) => facts.processingVideos > 0,
  },
  {
    rule: 'lesson',
    todo: 'Add at least one lesson video',
    step: 'course-videos',
    broken: (facts) => facts.readyLessons < 1,
  },
];

/**
 * What stops a course from being submitted for approval, in the server's order; empty when it may go.
 * One function for both sides: the wizard offers "Submit for approval" only when this is empty and
 * otherwise lists the `todo`s; the submit route answers with the first problem's message.
 */
export function submissionProblems(facts: SubmissionFacts): SubmissionProblem[] {
  return SUBMISSION_RULES.filter((rule) => rule.broken(facts)).map(
    ({ broken: _broken, ...problem }) => problem,
  );
}
