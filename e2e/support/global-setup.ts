/** Nothing to prepare: the web server starts on a data folder that scripts/test-all.ts emptied. */
export default async function globalSetup(): Promise<void> {}
