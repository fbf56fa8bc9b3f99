import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** The tests' OpenID provider (provider-process.mjs, oidc-provider 9) in its own process. */
export interface TestProvider {
  issuer: string;
  stop(): Promise<void>;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startOidcProvider(clients: TestClient[]): Promise<TestProvider> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'provider-process.mjs')],
    {
      env: { ...process.env, OP_PORT: String(port), OP_CLIENTS: JSON.stringify(clients) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the OpenID provider did not start:\n${output}`)),
      15_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready (\S+)/u.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the OpenID provider exited (${code}):\n${output}`));
    });
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A browser's cookies for one host, as a person at the provider's login page would have them. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1)];
      if (value === '' || /max-age=0/iu.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the person at the provider: opens the authorization URL, fills its login form with `login` (or presses
 * Cancel), and follows redirects until one leaves for `returnTo`, whose URL it returns.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  returnTo: string,
  options: { cancel?: boolean } = {},
): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 15; step += 1) {
    if (url.startsWith(returnTo)) return new URL(url);
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    jar.take(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/u.exec(html)?.[1];
    if (response.status !== 200 || !action)
      throw new Error(`stuck at ${url} (${response.status}): ${html.slice(0, 300)}`);
    if (options.cancel) {
      const abort = /href="([^"]*\/abort)"/u.exec(html)?.[1];
      if (!abort) throw new Error(`no Cancel link at ${url}`);
      url = new URL(abort, url).href;
      continue;
    }
    url = new URL(action, url).href;
    form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('too many steps at the provider');
}
