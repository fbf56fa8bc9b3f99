import { describe, expect, it } from 'vitest';
import {
  APPROVAL_STATUSES,
  type ApprovalAction,
  type ApprovalStatus,
  canTransition,
  statusAfterEdit,
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
