import { useQuery } from '@tanstack/react-query';
import type { Country } from '../../common/countries';
import { FALLBACK_COUNTRY } from '../../common/countries';
import { api } from './api';
import { SS } from './storage';

export type Rates = Record<string, number | string>;
export type CountryInfo = Pick<Country, 'code' | 'name' | 'currency' | 'symbol'> & { isFallback: boolean };

function cached<T>(key: string, load: () => Promise<T>, fallback: T): () => Promise<T> {
  return async () => {
    const stored = sessionStorage.getItem(key);
    if (stored) return JSON.parse(stored) as T;
    try {
      const value = await load();
      sessionStorage.setItem(key, JSON.stringify(value));
      return value;
    } catch {
      return fallback;
    }
  };
}

/**
 * Reads the server must not answer while it draws a page (decision 071): the visitor's time zone and session
 * storage are the browser's, so the page is drawn, and first hydrated, in the course's own currency.
 */
const BROWSER_ONLY = { browserOnly: true } as const;

/** Exchange rates, cached in session storage; an empty object when the call fails (SPEC §8). */
export function useCurrencyRates() {
  return useQuery({
    queryKey: ['currency-rates'],
    queryFn: cached<Rates>(SS.currencyRates, () => api<Rates>('/common/currency-rate'), {}),
    staleTime: Number.POSITIVE_INFINITY,
    meta: BROWSER_ONLY,
  });
}

/** The visitor's country from the browser's time zone; India when unknown or when the call fails. */
export function useCurrentCountry() {
  return useQuery({
    queryKey: ['current-country'],
    queryFn: cached<CountryInfo>(
      SS.currentCountry,
      // Read only when the session has no country yet: the first date formatter loads ICU's time zones, 40 ms of
      // a slow phone's main thread (160–190 ms at 4× CPU), which every render of every price paid before.
      () =>
        api<CountryInfo>('/common/system-country-info', {
          query: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        }),
      { ...FALLBACK_COUNTRY, isFallback: true },
    ),
    staleTime: Number.POSITIVE_INFINITY,
    meta: BROWSER_ONLY,
  });
}
