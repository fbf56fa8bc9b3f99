import { convertCurrency, formatPrice } from '../../../common/money';
import { useCurrencyRates, useCurrentCountry } from '../../app/currency';
import { useLocale } from '../../app/i18n';
import { useT } from './i18n';

/**
 * A course price in the visitor's currency (country from the browser's time zone, SPEC §9): 'Free' for 0,
 * the original currency when a rate is missing.
 */
export function useLocalPrice(): (price: number, currency: string) => string {
  const country = useCurrentCountry();
  const rates = useCurrencyRates();
  const t = useT();
  const locale = useLocale();
  return (price, currency) => {
    if (!price) return t('catalog.free');
    const target = country.data?.currency;
    if (!target || !rates.data) return formatPrice(price, currency, undefined, locale);
    const converted = convertCurrency(price, currency, target, rates.data);
    return formatPrice(converted.amount, converted.currency, undefined, locale);
  };
}
