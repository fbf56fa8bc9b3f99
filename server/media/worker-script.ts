import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The JavaScript file of a `*-worker.ts` entry, run with plain node. The compiled server is one bundle
 * (dist/server/main.js) with each worker emitted flat beside it as `<name>.js`. From source (tsx, vitest) the
 * `.ts` next to the caller is bundled once per process with esbuild into node_modules/.cache, rather than run
 * through tsx: tsx transpiling pdfjs costs each child about 0.7 s and 200 MB, and the child then behaves
 * as it does in production.
 */
export async function workerScript(name: string, callerUrl: string): Promise<string> {
  const callerFile = fileURLToPath(callerUrl);
  const compiled = path.join(path.dirname(callerFile), `${name}.js`);
  if (callerFile.endsWith('.js') && existsSync(compiled)) return compiled;
  const source = path.join(path.dirname(callerFile), `${name}.ts`);
  if (!existsSync(source)) {
    throw new Error(`The ${name} script is missing: neither ${compiled} (compiled) nor ${source} exists`);
  }
  fromSource[source] ??= bundleSource(source, name, callerUrl).catch((error: unknown) => {
    delete fromSource[source];
    throw error;
  });
  return fromSource[source];
}

const fromSource: Record<string, Promise<string>> = {};

async function bundleSource(source: string, name: string, callerUrl: string): Promise<string> {
  const esbuildPackage = createRequire(callerUrl).resolve('esbuild/package.json');
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [source],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // As in the production build: packages are resolved from node_modules at run time (native modules).
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  // Inside node_modules, so the worker's own imports (pdfjs, the canvas) resolve as from the project.
  const dir = path.join(path.dirname(path.dirname(esbuildPackage)), '.cache', 'gurukul-workers');
  const file = path.join(dir, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    await mkdir(dir, { recursive: true });
    // Test files in parallel may write the same file: each writes its own, then renames (atomic).
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  return file;
}
