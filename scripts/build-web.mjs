// Builds the web app: the browser's bundle into web/dist/, then the server's drawing of the public pages
// (web/entry-server.tsx, decision 071) into web/dist/.server/ (a dot folder: never served). `npm run build`,
// and `npm start` / `npm test` when the sources are newer than the build. Arguments: `--logLevel <level>`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'web');
const levelAt = process.argv.indexOf('--logLevel');
const logLevel = levelAt > 0 ? process.argv[levelAt + 1] : 'info';
const configFile = path.join(web, 'vite.config.ts');

try {
  await build({ configFile, logLevel });
  await build({
    configFile,
    logLevel,
    build: {
      ssr: path.join(web, 'entry-server.tsx'),
      outDir: path.join(web, 'dist', '.server'),
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: false,
    },
  });
} catch (error) {
  console.error(error);
  process.exit(1);
}
