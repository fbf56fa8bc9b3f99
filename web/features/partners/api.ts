import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CampaignLinkInput,
  CommissionPage,
  CommissionRuleInput,
  CommissionRuleView,
  CommissionStatus,
  PartnerBalanceRow,
  PartnerProgramme,
  PartnerSummary,
  PayoutView,
  ReferralLinkView,
  ReferralStatus,
  ReferredPage,
} from '../../../common/contracts/partners';
import { api } from '../../app/api';

/**
 * Whose programme a table shows: the partner's own (/partner-report) or one partner's as the admin sees it
 * (/view-partner). The referred and commissions tables are the same components over either source.
 */
export type ProgrammeSource = { kind: 'partner' } | { kind: 'admin'; partnerId: string };

export const PARTNER_PAGE_SIZE = 20;

export interface ReferredQuery {
  status?: ReferralStatus;
  page: number;
}
export interface CommissionQuery {
  status?: CommissionStatus;
  month?: string;
  page: number;
}

const sourceKey = (source: ProgrammeSource) => (source.kind === 'partner' ? 'me' : source.partnerId);
/** Where a source's report pages live: the partner's /report, or the admin's view of one partner. */
const basePath = (source: ProgrammeSource) =>
  source.kind === 'partner' ? '/partner/report' : `/admin/partners/${source.partnerId}`;

export const partnerKeys = {
  all: ['partners'] as const,
  links: ['partners', 'me', 'links'] as const,
  summary: ['partners', 'me', 'summary'] as const,
  referred: (source: ProgrammeSource, query: ReferredQuery) =>
    ['partners', sourceKey(source), 'referred', query] as const,
  commissions: (source: ProgrammeSource, query: CommissionQuery) =>
    ['partners', sourceKey(source), 'commissions', query] as const,
  programme: (partnerId: string) => ['partners', partnerId, 'programme'] as const,
  defaultRule: ['partners', 'default-rule'] as const,
  balances: ['partners', 'balances'] as const,
};

// ——— The partner's own programme ———

export function useMyLinks() {
  return useQuery({
    queryKey: partnerKeys.links,
    queryFn: async () => (await api<{ links: ReferralLinkView[] }>('/partner/links')).links,
  });
}

export function useCreateCampaignLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignLinkInput) =>
      api<ReferralLinkView>('/partner/links', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.links }),
  });
}

export function useArchiveLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, archived }: { linkId: string; archived: boolean }) =>
      api<ReferralLinkView>(`/partner/links/${linkId}`, { method: 'PATCH', body: { archived } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.links }),
  });
}

export function useMySummary() {
  return useQuery({
    queryKey: partnerKeys.summary,
    queryFn: () => api<PartnerSummary>('/partner/report/summary'),
  });
}

// ——— Either source ———

export function useReferred(source: ProgrammeSource, query: ReferredQuery) {
  return useQuery({
    queryKey: partnerKeys.referred(source, query),
    queryFn: () =>
      api<ReferredPage>(`${basePath(source)}/referred`, {
        query: { ...query, pageSize: PARTNER_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCommissions(source: ProgrammeSource, query: CommissionQuery) {
  return useQuery({
    queryKey: partnerKeys.commissions(source, query),
    queryFn: () =>
      api<CommissionPage>(`${basePath(source)}/commissions`, {
        query: { ...query, pageSize: PARTNER_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

// ——— The admin's side ———

export function usePartnerBalances() {
  return useQuery({
    queryKey: partnerKeys.balances,
    queryFn: async () => (await api<{ partners: PartnerBalanceRow[] }>('/admin/partners/balances')).partners,
  });
}

export function useProgramme(partnerId: string) {
  return useQuery({
    queryKey: partnerKeys.programme(partnerId),
    queryFn: () => api<PartnerProgramme>(`/admin/partners/${partnerId}/programme`),
    enabled: Boolean(partnerId),
    retry: false,
  });
}

export function useDefaultRule(enabled = true) {
  return useQuery({
    queryKey: partnerKeys.defaultRule,
    queryFn: () => api<CommissionRuleView>('/admin/partners/commission-rule'),
    enabled,
  });
}

/** Saves the default rule (no partnerId) or one partner's own; every programme figure is refreshed. */
export function useSaveRule(partnerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: CommissionRuleInput) =>
      api<CommissionRuleView>(
        partnerId ? `/admin/partners/${partnerId}/commission-rule` : '/admin/partners/commission-rule',
        { method: 'PUT', body: rule },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

/** "Use the default": drops the partner's own rule. */
export function useResetRule(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<CommissionRuleView>(`/admin/partners/${partnerId}/commission-rule`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}

/** Marks a month's payable commissions paid; the answer names the commission invoice it issued. */
export function usePayOut(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) =>
      api<PayoutView>(`/admin/partners/${partnerId}/payouts`, { method: 'POST', body: { month } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: partnerKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    },
  });
}
