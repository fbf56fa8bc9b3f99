import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndLogin } from '../test/factories';
import { buildLoggingApp, startTestApp, type TestContext } from '../test/harness';
import { type ApiRoute, apiRoutes } from '../test/route-tree';
import type { App } from './app-type';

/**
 * No request can stop the server (issue 30: `GET /?%` did, from inside the request logger). Every route of the
 * route table, and the web app's own paths, get requests no client library would send — malformed
 * percent-encoding in path and query, invalid UTF-8 bytes, over-long URLs and headers, duplicate and odd headers —
 * over a real socket to a listening server, which must answer /api/health after each one. An answer, when there
 * is one, is never a 5xx (the parser may also close the connection on what HTTP forbids).
 */
let ctx: TestContext;
/** The app under test logs every request at info, as `npm start` does (to a sink): the logger is part of the path. */
let app: App;
let port = 0;
let bearer = '';
let routes: ApiRoute[] = [];

beforeAll(async () => {
  ctx = await startTestApp({ logStore: { enabled: false, retentionDays: 14 } });
  app = await buildLoggingApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
  const { headers } = await buildAndLogin(app, { userType: 'teacher' });
  bearer = headers.authorization;
  routes = apiRoutes(app);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

/** Sends raw bytes on a fresh connection; the status it answered, or null when it closed without one. */
function send(bytes: Buffer | string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let head = '';
    const done = () => {
      socket.destroy();
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      resolve(status ? Number(status[1]) : null);
    };
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error('no answer within 15 s'));
    });
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (/^HTTP\/1\.[01] \d{3}/.test(head)) done();
    });
    socket.on('error', done);
    socket.on('end', done);
    socket.write(bytes);
  });
}

const request = (method: string, target: string, headers: string[] = [], body = '') =>
  [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close', ...headers, '', body].join(
    '\r\n',
  );

/** The hostile variants of one route: each a name and the raw request. */
function variants(method: string, path: string): [string, Buffer | string][] {
  const withBody = method !== 'GET' && method !== 'HEAD';
  const json = withBody ? ['Content-Type: application/json', 'Content-Length: 2'] : [];
  const body = withBody ? '{}' : '';
  const plain = (target: string, headers: string[] = []) =>
    request(method, target, [...headers, ...json], body);
  const firstParam = path.replace(/\/:\w+|\/\*/, '/%');
  return [
    ['a lone % in the query', plain(`${path}?%`)],
    ['a malformed parameter name', plain(`${path}?a%=1&%zz=%E0%A4&b=%ED%A0%80`)],
    ['a malformed path', plain(firstParam === path ? `${path}%` : firstParam)],
    ['an encoded half surrogate in the path', plain(path.replace(/:\w+|\*/, '%ED%A0%80') || path)],
    [
      'invalid UTF-8 bytes in the URL',
      Buffer.concat([
        Buffer.from(`${method} ${path}?q=`),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from(plain('').slice(method.length + 2)),
      ]),
    ],
    ['a 70 kB URL', plain(`${path}?q=${'a'.repeat(70_000)}`)],
    ['a 20 kB header', plain(path, [`X-Long: ${'b'.repeat(20_000)}`])],
    [
      'two content types',
      request(
        method,
        path,
        ['Content-Type: application/json', 'Content-Type: text/plain', 'Content-Length: 2'],
        '{}',
      ),
    ],
    ['two authorizations', plain(path, [`Authorization: ${bearer}`, 'Authorization: Bearer x.y.z'])],
    ['two hosts', plain(path, ['Host: evil.example'])],
    ['odd cookies', plain(path, ['Cookie: =; ;;%%; gk_ref=%zz; a=\u00ff'])],
    [
      'a request smuggling pair',
      request(
        method,
        path,
        ['Content-Length: 4', 'Transfer-Encoding: chunked', 'Content-Type: application/json'],
        '0\r\n\r\n',
      ),
    ],
    [
      'odd values in common headers',
      plain(path, [
        'Accept-Encoding: br;q=NaN, gzip;q=-1, *;q=2',
        'X-Forwarded-For: ::ffff:999.1.1.1, %, ,',
        'Origin: null',
        'Range: bytes=999999999-1',
        'If-None-Match: "',
        'Accept-Language: ;;;q=x',
        'X-Embed-Origin: javascript:alert(1)',
        'Authorization: Bearer \u00ff\u00fe',
      ]),
    ],
    [
      'a body in a charset nobody reads',
      request(
        method,
        path,
        ['Content-Type: application/json; charset=utf-16', 'Content-Length: 4'],
        '\u00ff\u00fe{}',
      ),
    ],
  ];
}

describe('no request stops the server', () => {
  it('every route and the web paths survive hostile requests, the server answering after each', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const targets: { method: string; path: string }[] = [
      ...routes.map((route) => ({
        method: route.method,
        path: route.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'a/b.png'),
      })),
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/login' },
      { method: 'GET', path: '/assets/x.js' },
      { method: 'GET', path: '/socket.io/' },
    ];
    // The path is sent as the route's pattern where a variant needs its parameters.
    const patterns = new Map(targets.map((target, index) => [target, routes[index]?.path ?? target.path]));
    const failures: string[] = [];
    let sent = 0;
    for (const target of targets) {
      for (const [name, bytes] of [
        ...variants(target.method, target.path),
        ...variants(target.method, patterns.get(target) ?? target.path).slice(2, 4),
      ]) {
        const status = await send(bytes);
        sent++;
        if (status !== null && status >= 500 && !isWebAppMissing(target.path, status)) {
          failures.push(`${target.method} ${target.path} with ${name}: ${status}`);
        }
        const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        if (health?.status !== 200) {
          throw new Error(`the server stopped answering after ${target.method} ${target.path} with ${name}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The figure for bench/README.md: how many hostile requests one run sends.
    console.log(`hostile requests sent: ${sent}`);
    expect(sent).toBeGreaterThan(routes.length * 14);
  }, 600_000);
});

/** The web app is not built in this test's data folder: its pages answer 503 by design (serving.ts). */
const isWebAppMissing = (path: string, status: number) => status === 503 && !path.startsWith('/api/');
