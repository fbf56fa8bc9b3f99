import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '../db/client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded';
import { ensureCurrencyRates } from '../modules/common/currency-rates';
import { ensureDefaultPlans } from '../modules/plans/trials';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL for the maintenance database of the test cluster; test files clone the template from it. */
    adminUrl: string;
    /** The migrated template database of this project's run (each vitest project has its own). */
    templateDb: string;
  }
}

/**
 * One PostgreSQL per run: the embedded cluster in a throwaway folder, or the server TEST_DATABASE_URL
 * names (CI uses Debian's PostgreSQL this way). A migrated template is cloned by every test file.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let clusterDir: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    clusterDir = path.join(os.tmpdir(), `gurukul-test-pg-${randomBytes(4).toString('hex')}`);
    embedded = await startEmbeddedPostgres(clusterDir, 'test', { throwaway: true });
    adminUrl = embedded.url('postgres');
  }
  // Each vitest project runs this setup (vitest.config.ts has two); on one shared server (TEST_DATABASE_URL)
  // each needs a template of its own, which no other run drops under it.
  const templateDb = `gurukul_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDb}`);
  await admin.end();

  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${templateDb}`;
  const template = connectDatabase(templateUrl.toString(), 2);
  await migrateDatabase(template);
  await ensureDefaultPlans(template.db);
  await ensureCurrencyRates(template.db);
  await template.close();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  return async () => {
    if (!embedded) await dropDatabase(adminUrl, templateDb);
    await embedded?.stop();
    if (clusterDir) rmSync(clusterDir, { recursive: true, force: true });
  };
}

/** Drops a template left on a shared server; the test databases cloned from it are the harness's to drop. */
async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
