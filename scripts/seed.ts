import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { courses, users } from '../server/db/schema/index';
import { openDatabase } from '../server/db/setup';
import { inlineJobs } from '../server/jobs/queue';
import { ensureCurrencyRates } from '../server/modules/common/currency-rates';
import { ensureDefaultPlans } from '../server/modules/plans/trials';
import { seedDemo } from '../server/seed/demo';
import { DEMO_COURSE_TITLE, seedDemoContent } from '../server/seed/demo-content';

/** `npm run seed`: adds whatever of the demo data is missing to the database the settings point at. */
const config = loadConfig();
const database = await openDatabase(config, () => {});
await ensureDefaultPlans(database.db);
await ensureCurrencyRates(database.db);
await seedDemo(database.db);
const [existing] = await database.db
  .select({ id: courses.id })
  .from(courses)
  .innerJoin(users, eq(users.id, courses.ownerId))
  .where(and(eq(courses.title, DEMO_COURSE_TITLE), sql`lower(${users.email}) = 'teacher@gurukul.test'`))
  .limit(1);
if (!existing) {
  // Jobs run inline here: the script ends when the demo course is complete.
  const app = await buildApp({ config, database, jobs: inlineJobs() });
  await seedDemoContent(app, console.log);
  await app.close();
}
console.log('Demo data is in place (password Gurukul2026).');
await database.close();
