import { describe, expect, it } from 'vitest';
import {
  APPROVAL_STATUSES,
  type ApprovalAction,
  type ApprovalStatus,
  canTransition,
  statusAfterEdit,
  submissionProblems,
  submitTarget,
} from './courses';

/**
 * The approval table written out by hand, so a change to APPROVAL_TRANSITIONS must be made here too:
 * the author submits a draft or a rejected version; an admin decides on anything waiting.
 */
const EXPECTED: Record<ApprovalAction, Record<ApprovalStatus, boolean>> = {
  submit: {
    DRAFT: true,
    PENDING: false,
    APPROVED: false,
    REJECTED: true,
    PENDING_REAPPROVAL: false,
  },
  approve: {
    DRAFT: false,
    PENDING: true,
    APPROVED: false,
    REJECTED: false,
    PENDING_REAPPROVAL: true,
  },
  reject: {
    DRAFT: false,
    PENDING: true,
    APPROVED: false,
    REJECTED: false,
    PENDING_REAPPROVAL: true,
  },
};

const pairs = (Object.keys(EXPECTED) as ApprovalAction[]).flatMap((action) =>
  APPROVAL_STATUSES.map((status) => ({ action, status, allowed: EXPECTED[action][status] })),
);

describe('canTransition', () => {
  it('covers every status in the hand-written table', () => {
    for (const action of Object.keys(EXPECTED) as ApprovalAction[]) {
      expect(Object.keys(EXPECTED[action]).sort()).toEqual([...APPROVAL_STATUSES].sort());
    }
    expect(pairs).toHaveLength(15);
  });

  it.each(pairs)('$action from $status → $allowed', ({ action, status, allowed }) => {
    expect(canTransition(action, status)).toBe(allowed);
  });
});

describe('submitTarget', () => {
  it('is PENDING for a course never approved', () => {
    expect(submitTarget(false)).toBe('PENDING');
  });

  it('is PENDING_REAPPROVAL for a course with a live version', () => {
    expect(submitTarget(true)).toBe('PENDING_REAPPROVAL');
  });
});

describe('statusAfterEdit', () => {
  const EXPECTED_AFTER_EDIT: Record<ApprovalStatus, ApprovalStatus> = {
    DRAFT: 'DRAFT',
    PENDING: 'PENDING',
    APPROVED: 'PENDING_REAPPROVAL',
    REJECTED: 'REJECTED',
    PENDING_REAPPROVAL: 'PENDING_REAPPROVAL',
  };

  it.each(APPROVAL_STATUSES.map((status) => ({ status, after: EXPECTED_AFTER_EDIT[status] })))(
    'editing a $status course leaves it $after',
    ({ status, after }) => {
      expect(statusAfterEdit(status)).toBe(after);
    },
  );
});

describe('submissionProblems', () => {
  const ready = { informationComplete: true, readyLessons: 1, processingVideos: 0 };

  it('lets a course with its information and a ready lesson go', () => {
    expect(submissionProblems(ready)).toEqual([]);
    expect(submissionProblems({ ...ready, readyLessons: 12 })).toEqual([]);
  });

  it('lists everything an empty course lacks, information first', () => {
    const problems = submissionProblems({ informationComplete: false, readyLessons: 0, processingVideos: 0 });
    expect(problems.map((problem) => problem.todo)).toEqual([
      'Complete the course information',
      'Add at least one lesson video',
    ]);
    expect(problems.map((problem) => problem.step)).toEqual(['course-information', 'course-videos']);
  });

  it('asks to wait while a video is processing, and still for a lesson when none is ready', () => {
    const problems = submissionProblems({ ...ready, readyLessons: 0, processingVideos: 1 });
    expect(problems.map((problem) => problem.rule)).toEqual(['videos-processing', 'lesson']);
    expect(submissionProblems({ ...ready, processingVideos: 2 }).map((p) => p.rule)).toEqual([
      'videos-processing',
    ]);
  });

  it('names the rule, the short line and the step, and never exposes the check itself', () => {
    const [problem] = submissionProblems({ ...ready, informationComplete: false });
    expect(problem).toEqual({
      rule: 'course-information',
      todo: 'Complete the course information',
      step: 'course-information',
    });
  });
});
