import { convertCurrency, formatPrice } from '../../../common/money';
import { useCurrencyRates, useCurrentCountry } from '../../app/currency';

/**
 * A course price in the visitor's currency (country from the browser's time zone, SPEC §9): 'Free' for 0,
 * the original currency when a rate is missing.
 */
export function useLocalPrice(): (price: number, currency: string) => string {
  const country = useCurrentCountry();
  const rates = useCurrencyRates();
  return (price, currency) => {
    if (!price) return 'Free';
    const target = country.data?.currency;
    if (!target || !rates.data) return formatPrice(price, currency);
    const converted = convertCurrency(price, currency, target, rates.data);
    return formatPrice(converted.amount, converted.currency);
  };
}
