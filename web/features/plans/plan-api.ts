import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPlan, PublicPlan } from '../../../common/contracts/billing';
import type { PlanInput, PlanInputValues } from '../../../common/contracts/plans';
import type { PlanAudience } from '../../../common/plans';
import { api } from '../../app/api';

export const planKeys = {
  admin: ['plans', 'admin'] as const,
  public: (audience: PlanAudience) => ['plans', 'public', audience] as const,
};

export function usePublicPlans(audience: PlanAudience) {
  return useQuery({
    queryKey: planKeys.public(audience),
    queryFn: () => api<{ plans: PublicPlan[] }>('/plans', { query: { audience } }),
  });
}

export function useAdminPlans() {
  return useQuery({ queryKey: planKeys.admin, queryFn: () => api<{ plans: AdminPlan[] }>('/admin/plans') });
}

/** Create, edit, retire and restore; every change refreshes both the admin list and the public one. */
export function usePlanMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['plans'] });
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PlanInput | PlanInputValues }) =>
      id
        ? api<AdminPlan>(`/admin/plans/${id}`, { method: 'PUT', body: input })
        : api<AdminPlan>('/admin/plans', { method: 'POST', body: input }),
    onSuccess,
  });
  const setStatus = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'retire' | 'restore' }) =>
      api<AdminPlan>(`/admin/plans/${id}/${action}`, { method: 'POST' }),
    onSuccess,
  });
  return { save, setStatus };
}
