import { count } from 'drizzle-orm';
import { SEED_EXCHANGE_RATES } from '../../../common/currency-seed';
import type { Db } from '../../db/client';
import { currencyRates } from '../../db/schema/index';

/** Prices need rates from the first request on; seed the stored table when it is empty. */
export async function ensureCurrencyRates(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(currencyRates);
  if (row.n === 0) await db.insert(currencyRates).values({ rates: SEED_EXCHANGE_RATES, source: 'seed' });
}
