import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; media and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|vtt|webmanifest)$/;

/** Every file under a folder, skipping dot folders (Vite's .vite/manifest.json is a build record, not served). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
      }),
  );
  return nested.flat();
}

/** Writes `file.br` and `file.gz` next to a file, each only when it is smaller than the file itself. */
async function precompressFile(file: string): Promise<void> {
  const raw = await readFile(file);
  const [br, gzipped] = await Promise.all([
    // Build time can afford the slowest, smallest settings; the server then only reads files.
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gz(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
}

/**
 * Pre-compresses the built web app: brotli and gzip copies next to every compressible file of the output
 * folder (bundled and public files alike), which the server sends as they are (@fastify/static
 * `preCompressed`), so no request pays for compressing a file that never changes.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'gurukul:precompress',
    // The browser's build only: the server's drawing (web/dist/.server) is read from disk, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // closeBundle: after the bundle is written and web/public is copied in.
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(precompressFile));
    },
  };
}
