import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/setup';
import { ensureCurrencyRates } from '../server/modules/common/currency-rates';
import { ensureDefaultPlans } from '../server/modules/plans/trials';
import { seedDemo } from '../server/seed/demo';

/** `npm run seed`: adds the demo accounts to whatever database the settings point at. */
const config = loadConfig();
const database = await openDatabase(config, () => {});
await ensureDefaultPlans(database.db);
await ensureCurrencyRates(database.db);
await seedDemo(database.db);
console.log('Demo data is in place (password Gurukul2026).');
await database.close();
