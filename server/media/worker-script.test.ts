import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { workerScript } from './worker-script';

const dist = mkdtempSync(path.join(os.tmpdir(), 'gurukul-worker-script-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('workerScript', () => {
  it('runs the compiled worker beside the bundle', async () => {
    writeFileSync(path.join(dist, 'main.js'), '');
    writeFileSync(path.join(dist, 'pdf-render-worker.js'), '');
    const caller = pathToFileURL(path.join(dist, 'main.js')).href;
    expect(await workerScript('pdf-render-worker', caller)).toBe(path.join(dist, 'pdf-render-worker.js'));
  });

  it('from source, bundles the .ts next to the caller into JavaScript that plain node runs', async () => {
    const script = await workerScript('pdf-render-worker', import.meta.url);
    expect(script).toMatch(/node_modules\/\.cache\/gurukul-workers\/pdf-render-worker-[0-9a-f]{16}\.mjs$/);
    expect(await workerScript('pdf-render-worker', import.meta.url)).toBe(script);
    const code = readFileSync(script, 'utf8');
    expect(code).toContain('GURUKUL_TEST_PDF_FAULT');
    // Packages stay imports (native modules cannot be bundled); no app, database or config code comes in.
    expect(code).toMatch(/from "@napi-rs\/canvas"/);
    expect(code).not.toMatch(/drizzle|fastify|loadConfig/);
    // Plain node loads it and its packages (without an IPC channel nothing keeps it running).
    const check = `import(${JSON.stringify(pathToFileURL(script).href)}).then(() => console.log('loaded'))`;
    expect(execFileSync(process.execPath, ['-e', check], { encoding: 'utf8', timeout: 20_000 })).toContain(
      'loaded',
    );
  });

  it('names both places when the worker is missing', async () => {
    await expect(workerScript('no-such-worker', import.meta.url)).rejects.toThrow(
      /no-such-worker script is missing/,
    );
  });
});
