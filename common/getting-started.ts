/**
 * The getting-started checklist on teachers' and institutes' home (/guru-list; decision 061): five steps from an
 * empty account to a shared, published course with a guru. Each step ticks itself from facts the server reads
 * (an institute's include its teachers' work) and links where it is done.
 *
 *   GET  /api/getting-started          (teacher, institute) → GettingStarted
 *   POST /api/getting-started/dismiss  (teacher, institute) → 204; 400 until every step is done
 */

import type { PlanModule } from './plans';

export const CHECKLIST_STEPS = ['course', 'lesson', 'guru', 'publish', 'share'] as const;
export type ChecklistStepKey = (typeof CHECKLIST_STEPS)[number];

/** What the server reads to tick the steps. */
export interface GettingStartedFacts {
  /** The newest course (preferring one not yet live), to continue with. */
  courseId: string | null;
  /** The newest course students can see (approved at least once). */
  liveCourseId: string | null;
  /** A lesson is ready in one of the courses. */
  hasLesson: boolean;
  /** A course library has its narrated video (ready to become a lesson). */
  hasNarratedLibrary: boolean;
  /** The newest guru, to continue with. */
  guruId: string | null;
  /** A guru is trained and answering. */
  hasReadyGuru: boolean;
  /** A course waits for an admin's approval. */
  waitingForApproval: boolean;
  /** A live course has its share link. */
  hasShareLink: boolean;
}

export interface ChecklistStep {
  key: ChecklistStepKey;
  title: string;
  /** What to do, or what happens next while waiting. */
  hint: string;
  done: boolean;
  /** Done on the person's side, waiting on someone else (an admin's approval). */
  waiting: boolean;
  /** Where the step is done; null while an earlier step has to come first. */
  href: string | null;
  action: string;
  /** The link opens a page that adds one of this module (a new course, a new guru): the page locks it with the
   * plan's note when the plan does not let the person add one (decision 062). */
  adds: PlanModule | null;
}

export interface GettingStarted {
  steps: ChecklistStep[];
  /** Every step is done. */
  complete: boolean;
  /** Hidden by its owner once complete. */
  dismissed: boolean;
}

export const CHECKLIST_MSG = {
  notComplete: 'The checklist can be hidden once every step is done.',
} as const;

/** The steps, in order, from the facts: one function for the server's answer and its tests. */
export function checklistSteps(facts: GettingStartedFacts): ChecklistStep[] {
  const course = facts.courseId;
  const courseStep = (step: string) =>
    course ? `/add-course-list?courseId=${course}&step=${step}` : '/add-course-list?step=course-information';
  const guruStep = facts.guruId
    ? `/training-guru?guruId=${facts.guruId}&step=course-videos`
    : '/training-guru?step=training-information';
  const live = facts.liveCourseId;
  return [
    {
      key: 'course',
      title: 'Create a course',
      hint: 'Give it a title, a description and a picture.',
      done: course !== null,
      waiting: false,
      href: course ? `/view-course?courseId=${course}` : '/add-course-list?step=course-information',
      action: course ? 'Open your course' : 'Create your course',
      adds: course ? null : 'courses',
    },
    {
      key: 'lesson',
      title: 'Add a narrated lesson',
      hint: facts.hasNarratedLibrary
        ? 'Your narrated slides are ready: add them to the course as a lesson under Course Videos.'
        : 'Upload your slides to the Course Library, write what to say on each, and generate a narrated video. Or upload a video of your own.',
      done: facts.hasLesson,
      waiting: false,
      href:
        facts.hasNarratedLibrary || facts.hasLesson ? courseStep('course-videos') : '/course-library-list',
      action: facts.hasNarratedLibrary || facts.hasLesson ? 'Add it to your course' : 'Narrate your slides',
      adds: null,
    },
    {
      key: 'guru',
      title: 'Build a guru',
      hint: course
        ? 'Choose the course it learns from, an avatar and a voice, then train it.'
        : 'A guru answers from your courses: create a course first.',
      done: facts.hasReadyGuru,
      waiting: false,
      href: course || facts.guruId ? guruStep : null,
      action: facts.guruId ? 'Continue your guru' : 'Build your guru',
      adds: course && !facts.guruId ? 'gurus' : null,
    },
    {
      key: 'publish',
      title: 'Publish the course',
      hint: facts.waitingForApproval
        ? 'Submitted: an admin reviews the course before students can see it.'
        : 'Submit the course for approval; once an admin approves it, students can find it.',
      done: live !== null,
      waiting: live === null && facts.waitingForApproval,
      href: live ? `/view-course?courseId=${live}` : course ? courseStep('course-information') : null,
      action: live ? 'See it live' : facts.waitingForApproval ? 'See its status' : 'Submit your course',
      adds: null,
    },
    {
      key: 'share',
      title: 'Share it with your students',
      hint: live
        ? 'Get the course’s share link: students who open it are subscribed.'
        : 'Once the course is published, its share link subscribes the students who open it.',
      done: facts.hasShareLink,
      waiting: false,
      href: live ? `/view-course?courseId=${live}` : null,
      action: 'Get your share link',
      adds: null,
    },
  ];
}
