import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalDetail } from '../../../common/contracts/approvals';
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

export function useReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      courseId,
      action,
      comment,
    }: {
      courseId: string;
      action: 'approve' | 'reject';
      comment: string;
    }) => api<AuthoredCourse>(`/approvals/${courseId}/${action}`, { method: 'POST', body: { comment } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: APPROVALS_KEY });
      void queryClient.invalidateQueries({ queryKey: approvalCountQuery().queryKey });
    },
  });
}
