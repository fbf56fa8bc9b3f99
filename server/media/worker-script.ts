import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A child process's script and the Node options it needs to run it. */
export interface WorkerScript {
  script: string;
  execArgv: string[];
}

/**
 * Where a `*-worker.ts` entry is at run time. The compiled server is one bundle (dist/server/main.js) with each
 * worker emitted flat beside it as `<name>.js`, run with plain node. From source (tsx, vitest) the `.ts` file
 * next to the caller is run through tsx's loader, resolved to a path so the child's working folder is irrelevant.
 */
export function workerScript(name: string, callerUrl: string): WorkerScript {
  const callerFile = fileURLToPath(callerUrl);
  const compiled = path.join(path.dirname(callerFile), `${name}.js`);
  if (callerFile.endsWith('.js') && existsSync(compiled)) return { script: compiled, execArgv: [] };
  const source = path.join(path.dirname(callerFile), `${name}.ts`);
  if (!existsSync(source)) {
    throw new Error(`The ${name} script is missing: neither ${compiled} (compiled) nor ${source} exists`);
  }
  const tsx = pathToFileURL(createRequire(callerUrl).resolve('tsx')).href;
  return { script: source, execArgv: ['--import', tsx] };
}
