import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { untranslatedText } from '../web/build/untranslated-text';

/**
 * Fails (exit 1) when a converted view shows text no catalog holds (decision 068). TRANSLATED is a ratchet: the
 * files and folders whose every visible string goes through the catalogs, with every feature that has catalogs of its
 * own; it only grows, screen by screen, until it is all of web/. `--all` lists what is left to convert, per folder, without failing.
 */
export const TRANSLATED = [
  'web/app/',
  'web/components/',
  'web/features/auth/auth-card.tsx',
  'web/features/auth/login-page.tsx',
  'web/features/auth/reset-password-page.tsx',
  'web/features/auth/sign-up-page.tsx',
  'web/features/auth/verify-email-page.tsx',
  'web/features/public/home-page.tsx',
  'web/features/public/home/',
];

const root = path.resolve(import.meta.dirname, '..');

function viewsUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'dist' ? [] : viewsUnder(relative);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [relative] : [];
  });
}

/** A feature with its own catalogs (web/features/<name>/i18n/en.json, decision 069) is converted as a whole. */
const featureOf = (file: string) => /^web\/features\/[\w-]+\//.exec(file)?.[0];
const hasOwnCatalog = (file: string) => {
  const feature = featureOf(file);
  return feature !== undefined && existsSync(path.join(root, feature, 'i18n', 'en.json'));
};

const translated = (file: string) =>
  hasOwnCatalog(file) ||
  TRANSLATED.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));

function main() {
  const views = viewsUnder('web');
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
  const missing = TRANSLATED.filter(
    (entry) => !views.some((file) => file === entry || file.startsWith(entry)),
  );
  for (const entry of missing) console.error(`${entry}: listed in TRANSLATED but no such view`);
  let failures = missing.length;
  for (const file of views.filter(translated)) {
    for (const { line, text } of untranslatedText(readFileSync(path.join(root, file), 'utf8'), file)) {
      console.error(
        `${file}:${line}: "${text}" is shown as it is: put it in ${hasOwnCatalog(file) ? `${featureOf(file)}i18n/` : 'common/i18n/'}en.json and hi.json`,
      );
      failures += 1;
    }
  }
  if (failures > 0) process.exit(1);
  console.log(`translatable text: ${views.filter(translated).length} converted views, no literal text`);
}

main();
