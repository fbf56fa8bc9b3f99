import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { untranslatedErrors, untranslatedSchemaMessages } from '../server/i18n/untranslated-errors';
import { untranslatedText } from '../web/build/untranslated-text';

/**
 * Fails (exit 1) when a view of the web app shows text no catalog holds (decisions 068 and 069): every .tsx under
 * web/ is read, and JSX text or a visible prop's literal fails. A feature's texts belong in its own catalogs
 * (web/features/<name>/i18n/), the rest in common/i18n/. A toast's message counts wherever it is raised. `--all` lists the count per folder without failing.
 * The server's answers are read too (decision 070): English written at an error goes in server/i18n/, and a schema's
 * message (common/ and server/) is a keyed constant or a server text.
 */
const root = path.resolve(import.meta.dirname, '..');

/** The files under `dir` ending in `extension`, tests and test support left out. */
function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name === 'dist' || relative === 'server/test' ? [] : filesUnder(relative, extension);
    return entry.name.endsWith(extension) && !entry.name.endsWith(`.test${extension}`) ? [relative] : [];
  });
}

/** The server's errors that answer in English written where they are thrown. */
function serverFailures(): number {
  let failures = 0;
  for (const file of filesUnder('server', '.ts')) {
    for (const { line, text } of untranslatedErrors(readFileSync(path.join(root, file), 'utf8'), file)) {
      const module = /^server\/(?:modules\/)?([\w-]+)\//.exec(file)?.[1] ?? 'http';
      console.error(`${file}:${line}: ${text} is answered as it is: key it in server/i18n/en/${module}.json`);
      failures += 1;
    }
  }
  return failures;
}

/** Schemas (shared and the server's) whose messages are English no catalog holds. */
function schemaFailures(): number {
  let failures = 0;
  // The environment's settings are checked at start-up for the operator's console, not answered to a caller.
  const files = [...filesUnder('common', '.ts'), ...filesUnder('server', '.ts')].filter(
    (file) => file !== 'server/settings-schema.ts',
  );
  for (const file of files) {
    for (const { line, text } of untranslatedSchemaMessages(
      readFileSync(path.join(root, file), 'utf8'),
      file,
    )) {
      console.error(
        `${file}:${line}: the schema message ${text} is answered as it is: use a keyed constant (MSG, *_MSG) or said('server.<module>.schema.<name>').english`,
      );
      failures += 1;
    }
  }
  return failures;
}

/** Where a file's texts belong: its feature's catalogs, or the core's. */
const catalogOf = (file: string) => {
  const feature = /^web\/features\/[\w-]+\//.exec(file)?.[0];
  return feature && existsSync(path.join(root, feature, 'i18n', 'en.json'))
    ? `${feature}i18n/`
    : 'common/i18n/';
};

function main() {
  // Views, and the hooks and helpers beside them that raise toasts.
  const views = [...filesUnder('web', '.tsx'), ...filesUnder('web', '.ts')];
  if (process.argv.includes('--all')) {
    const perFolder = new Map<string, number>();
    for (const file of views) {
      const count = untranslatedText(readFileSync(path.join(root, file), 'utf8'), file).length;
      const folder = path.dirname(file).split('/').slice(0, 3).join('/');
      if (count > 0) perFolder.set(folder, (perFolder.get(folder) ?? 0) + count);
    }
    const rows = [...perFolder].sort((a, b) => b[1] - a[1]);
    for (const [folder, count] of rows) console.log(`${String(count).padStart(5)}  ${folder}`);
    console.log(`${String(rows.reduce((sum, [, count]) => sum + count, 0)).padStart(5)}  in all`);
    return;
  }
  let failures = serverFailures() + schemaFailures();
  for (const file of views) {
    for (const { line, text } of untranslatedText(readFileSync(path.join(root, file), 'utf8'), file)) {
      console.error(
        `${file}:${line}: "${text}" is shown as it is: put it in ${catalogOf(file)}en.json and hi.json`,
      );
      failures += 1;
    }
  }
  if (failures > 0) process.exit(1);
  console.log(
    `translatable text: ${views.length} views, the server's errors and every schema, no literal text`,
  );
}

main();
