import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckoutInput,
  CheckoutOrder,
  MySubscription,
  PaymentResult,
  PaymentRow,
  PublicPlan,
  RazorpayVerifyInput,
} from '../../../common/contracts/billing';
import type { PlanAudience } from '../../../common/plans';
import { api } from '../../app/api';

/** The calls of common/contracts/billing.ts that the subscribing and paying pages make. */

export const billingKeys = {
  subscription: ['billing', 'subscription'] as const,
  plans: (audience: PlanAudience) => ['plans', 'public', audience] as const,
  history: (query: PaymentHistoryQuery) => ['payments', 'history', query] as const,
  allHistory: ['payments', 'history'] as const,
};

/** The owner's subscription; `enabled: false` for someone without a plan of their own (the server says 403). */
export function useMySubscription(enabled = true) {
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: () => api<MySubscription>('/billing/subscription'),
    enabled,
  });
}

export function usePublicPlans(audience: PlanAudience | null) {
  return useQuery({
    queryKey: billingKeys.plans(audience ?? 'teacher'),
    queryFn: () => api<{ plans: PublicPlan[] }>('/plans', { query: { audience } }),
    enabled: audience !== null,
    select: (answer) => [...answer.plans].sort((a, b) => a.position - b.position),
  });
}

type SubscriptionChange =
  | { action: 'cancel' }
  | { action: 'resume' }
  | { action: 'downgrade'; planId: string };

/** Cancel at period end, resume, or downgrade at period end: each answers the updated subscription. */
export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SubscriptionChange) =>
      api<MySubscription>(`/billing/subscription/${change.action}`, {
        method: 'POST',
        body: change.action === 'downgrade' ? { planId: change.planId } : {},
      }),
    onSuccess: (subscription) => queryClient.setQueryData(billingKeys.subscription, subscription),
  });
}

export interface PaymentHistoryQuery {
  status?: PaymentRow['status'];
  page: number;
}

export function usePaymentHistory(query: PaymentHistoryQuery) {
  return useQuery({
    queryKey: billingKeys.history(query),
    queryFn: () =>
      api<{ payments: PaymentRow[]; total: number }>('/payments/history', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

export const createOrder = (input: CheckoutInput) =>
  api<CheckoutOrder>('/payments/orders', { method: 'POST', body: input });

export const verifyRazorpayPayment = (orderId: string, input: RazorpayVerifyInput) =>
  api<PaymentResult>(`/payments/orders/${orderId}/verify`, { method: 'POST', body: input });

export const payTestOrder = (orderId: string, outcome: 'success' | 'failure') =>
  api<PaymentResult>(`/payments/orders/${orderId}/test-pay`, { method: 'POST', body: { outcome } });
