import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalDetail, ItemCommentsAnswer, RejectInput } from '../../../common/contracts/approvals';
import type { AuthoredCourse } from '../../../common/contracts/courses';
import { api } from '../../app/api';
import { approvalCountQuery } from '../../app/approval-count';
import { APPROVALS_KEY } from '../../app/query-keys';

export type ApprovalTab = 'waiting' | 'APPROVED' | 'REJECTED';

export const approvalsQuery = (status: ApprovalTab) =>
  queryOptions({
    queryKey: [...APPROVALS_KEY, status],
    queryFn: () => api<{ courses: AuthoredCourse[] }>('/approvals', { query: { status } }),
  });

export const approvalQuery = (courseId: string) =>
  queryOptions({
    queryKey: [...APPROVALS_KEY, 'one', courseId],
    queryFn: () => api<ApprovalDetail>(`/approvals/${courseId}`),
  });

export function useApprovals(status: ApprovalTab) {
  return useQuery(approvalsQuery(status));
}

export function useApproval(courseId: string | null) {
  return useQuery({ ...approvalQuery(courseId ?? ''), enabled: Boolean(courseId) });
}

/** The last rejection's comments on single items, for the course's authors (empty unless it is REJECTED). */
export const itemCommentsQuery = (courseId: string) =>
  queryOptions({
    queryKey: [...APPROVALS_KEY, 'item-comments', courseId],
    queryFn: () => api<ItemCommentsAnswer>(`/approvals/${courseId}/item-comments`),
  });

export function useItemComments(courseId: string) {
  return useQuery(itemCommentsQuery(courseId));
}

/** Approve (comment optional) or reject (comment required, item comments optional). */
export function useReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      courseId,
      action,
      comment,
      items,
    }: {
      courseId: string;
      action: 'approve' | 'reject';
      comment: string;
      items?: RejectInput['items'];
    }) =>
      api<AuthoredCourse>(`/approvals/${courseId}/${action}`, {
        method: 'POST',
        body: action === 'reject' && items?.length ? { comment, items } : { comment },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: APPROVALS_KEY });
      void queryClient.invalidateQueries({ queryKey: approvalCountQuery().queryKey });
    },
  });
}
