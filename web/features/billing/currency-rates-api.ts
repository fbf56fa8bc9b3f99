import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCurrencyRates } from '../../../common/contracts/billing';
import { api } from '../../app/api';
import { SS } from '../../app/storage';

export const currencyRateKeys = { admin: ['admin', 'currency-rates'] as const };

export const adminCurrencyRatesQuery = () =>
  queryOptions({
    queryKey: currencyRateKeys.admin,
    queryFn: () => api<AdminCurrencyRates>('/admin/currency-rates'),
  });

export function useAdminCurrencyRates() {
  return useQuery(adminCurrencyRatesQuery());
}

/** After a change: the admin view and the app-wide rates (cached per tab) both reload. */
function useRatesChanged() {
  const queryClient = useQueryClient();
  return async () => {
    sessionStorage.removeItem(SS.currencyRates);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: currencyRateKeys.admin }),
      queryClient.invalidateQueries({ queryKey: ['currency-rates'] }),
    ]);
  };
}

export function useSaveCurrencyRates() {
  const changed = useRatesChanged();
  return useMutation({
    mutationFn: (rates: Record<string, number>) =>
      api<Record<string, unknown>>('/admin/currency-rates', { method: 'PUT', body: { rates } }),
    onSuccess: changed,
  });
}

export function useRefreshCurrencyRates() {
  const changed = useRatesChanged();
  return useMutation({
    // A 503 here means the rates source is down: show it, do not reload the page.
    mutationFn: () =>
      api<Record<string, unknown>>('/admin/currency-rates/refresh', {
        method: 'POST',
        handleUnavailable: false,
      }),
    onSuccess: changed,
  });
}
