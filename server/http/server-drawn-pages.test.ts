import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../common/i18n/en.json' with { type: 'json' };
import hi from '../../common/i18n/hi.json' with { type: 'json' };
import { SERVER_DRAWN_PATHS } from '../../common/server-drawn';
import { buildAndLogin } from '../test/factories';
import { startTestApp, type TestContext } from '../test/harness';
import { insertLiveCourse } from '../test/payments';
import { DRAWING_FILE, DRAWINGS_PER_MINUTE, pageDocument } from './server-drawn-pages';
import { CACHE } from './serving';

/**
 * Public pages drawn by the server (decision 071), through the real build: web/dist and its drawing,
 * web/dist/.server/entry-server.js, which `npm test` builds before any suite runs.
 */
const BUILT = path.resolve('web/dist');

/** The text a visitor reads, without tags, styles and the state element. */
const readable = (html: string) =>
  html
    .replace(/<(style|script)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

let ctx: TestContext;

beforeAll(async () => {
  if (!existsSync(path.join(BUILT, DRAWING_FILE)))
    throw new Error(`${path.join(BUILT, DRAWING_FILE)} is missing: build the web app first (npm run build)`);
  ctx = await startTestApp({ webDist: BUILT, publicUrl: 'https://gurukul.example' });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('public pages drawn by the server', () => {
  it('sends every public page as HTML with its content, title, description and link-preview tags', async () => {
    for (const url of SERVER_DRAWN_PATHS) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe(CACHE.html);
      expect(String(page.headers.vary)).toMatch(/Accept-Language/);
      expect(String(page.headers.vary)).toMatch(/Cookie/);
      // The header's links, drawn inside the root before any script runs.
      const root = readable(rootOf(page.body));
      expect(root, url).toContain(en['public.exploreCourses']);
      expect(root, url).toContain(en['public.privacy']);
      expect(page.body).toContain('<html lang="en" data-mantine-color-scheme="light">');
      expect(page.body).toContain(`<meta property="og:url" content="https://gurukul.example${url}" />`);
      expect(page.body).toMatch(/<meta property="og:title" content="[^"]+ \| Gurukul" \/>/);
      expect(page.body).toContain('<script type="application/json" id="server-drawn">{"locale":"en"');
      // No inline script (the CSP forbids it, and a browser without scripts would never run it).
      expect(page.body, url).not.toMatch(/<script>/);
    }
    const home = await get('/');
    expect(readable(rootOf(home.body))).toContain(en['home.title']);
    expect(home.body).toContain('<title>Home | Gurukul</title>');
    expect(home.body).toContain(`<meta name="description" content="${en['home.lead']}" />`);
    const login = await get('/login');
    expect(readable(rootOf(login.body))).toContain(en['auth.login.title']);
  });

  it('inlines the styles the page uses and loads the whole stylesheet without holding the first paint', async () => {
    const page = (await get('/login')).body;
    const critical = page.match(/<style data-critical>([\s\S]*?)<\/style>/)?.[1] ?? '';
    const [, href] =
      page.match(/<link rel="stylesheet" crossorigin href="([^"]+)" media="print" data-full-styles>/) ?? [];
    expect(href).toMatch(/^\/assets\/index-.+\.css$/);
    // For a browser without scripts, the sheet as it was.
    expect(page).toContain(`<noscript><link rel="stylesheet" crossorigin href="${href}"></noscript>`);
    const sheet = readFileSync(path.join(BUILT, href as string), 'utf8');
    const used = [...rootOf(page).matchAll(/class="([^"]+)"/g)].flatMap(([, names]) =>
      (names ?? '').split(' '),
    );
    const usedMantine = used.filter((name) => /^m_[0-9a-f]+$/.test(name) && sheet.includes(`.${name}`));
    expect(usedMantine.length).toBeGreaterThan(5);
    for (const name of usedMantine) expect(critical, name).toContain(`.${name}`);
    const unused = [
      ...new Set([...sheet.matchAll(/\.(m_[0-9a-f]+)/g)].map(([, name]) => name as string)),
    ].filter((name) => !used.includes(name));
    expect(unused.length).toBeGreaterThan(50);
    for (const name of unused) expect(critical, name).not.toContain(`.${name}{`);
    // No script is asked for before the page is painted: the entry and its preloads wait (web/public/after-paint.js).
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toMatch(/<script type="module" crossorigin src=|rel="modulepreload"/);
    const [, entry, preloads] =
      page.match(
        /<script type="module" src="\/after-paint.js" data-entry="([^"]+)" data-preload="([^"]*)"><\/script>/,
      ) ?? [];
    expect(existsSync(path.join(BUILT, entry as string))).toBe(true);
    const wanted = (preloads ?? '').split(' ');
    expect(wanted.length).toBeGreaterThan(3);
    for (const href of wanted) expect(existsSync(path.join(BUILT, href)), href).toBe(true);
    // Mantine's light colours hold before its script sets the scheme.
    expect(critical).toContain('[data-mantine-color-scheme=light]');
    expect(critical.length).toBeLessThan(sheet.length / 3);
  });

  it('draws a page with its data, as the server answers a visitor, and hands that data to the browser', async () => {
    const plans = await get('/api/plans?audience=teacher');
    const names = (plans.json() as { plans: { name: string }[] }).plans.map((plan) => plan.name);
    expect(names.length).toBeGreaterThan(0);
    const page = await get('/pricing');
    for (const name of names) expect(readable(rootOf(page.body)), name).toContain(name);
    const state = JSON.parse(page.body.match(/id="server-drawn">([^<]*)<\/script>/)?.[1] ?? '{}') as {
      queries?: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    const drawnPlans = state.queries?.queries.find((query) => query.queryKey[0] === 'plans');
    expect(drawnPlans?.state.data).toEqual(plans.json());
  });

  it('draws a page in Hindi for a browser that asks for Hindi, and in the language chosen here over both', async () => {
    const asked = await get('/', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' });
    expect(asked.body).toContain('<html lang="hi" data-mantine-color-scheme="light">');
    expect(readable(rootOf(asked.body))).toContain(hi['home.title']);
    expect(asked.body).toContain('{"locale":"hi"');

    const chosen = await get('/login', { 'accept-language': 'en-US', cookie: 'theme=x; gurukul_locale=hi' });
    expect(chosen.body).toContain('<html lang="hi" data-mantine-color-scheme="light">');
    expect(readable(rootOf(chosen.body))).toContain(hi['auth.login.title']);
    // The tab's title is in the reader's language too.
    expect(chosen.body).toContain(`<title>${hi['title.Login']} | Gurukul</title>`);

    const englishChosen = await get('/login', { 'accept-language': 'hi-IN', cookie: 'gurukul_locale=en' });
    expect(englishChosen.body).toContain('<html lang="en" data-mantine-color-scheme="light">');
    // A cookie naming no language we speak is ignored: Accept-Language decides.
    const unknown = await get('/login', { 'accept-language': 'hi-IN', cookie: 'gurukul_locale=xx' });
    expect(unknown.body).toContain('<html lang="hi" data-mantine-color-scheme="light">');
  });

  it('sends logged-in pages and unknown addresses the plain index.html, drawn in the browser', async () => {
    const template = readFileSync(path.join(BUILT, 'index.html'), 'utf8');
    for (const url of ['/dashboard', '/guru?id=1', '/no-such-page', '/reset-password?token=abc']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(template);
    }
  });

  it('compresses a drawn page in the encoding the browser asks for, and keeps it whole', async () => {
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/Accept-Encoding/);
    const br = await get('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const brBody = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(brBody).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
    const gzip = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    // Refused outright: sent as it is.
    const refused = await get('/login', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('names the parts loaded on demand that each drawing holds, for the browser to load before taking it over', async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertLiveCourse(ctx.app, teacher.user.id, 0, 'INR');
    const partsOf = async (url: string) => {
      const page = await get(url);
      const state = JSON.parse(page.body.match(/id="server-drawn">([^<]*)<\/script>/)?.[1] ?? '{}') as {
        parts?: string[];
      };
      return state.parts;
    };
    expect(await partsOf('/?from=parts')).toEqual(['home-course-shelf']);
    expect(await partsOf(`/explore-course?courseId=${course.id}`)).toEqual(['catalog-course-drawer']);
    // A page that holds none (the catalogue without a course open, a form) names none.
    expect(await partsOf('/explore-course?from=parts')).toEqual([]);
    expect(await partsOf('/login?from=parts')).toEqual([]);
  });

  it('leaves public pages to the browser where a session is kept, so a logged-in reader sees no visitor page first', async () => {
    const template = readFileSync(path.join(BUILT, 'index.html'), 'utf8');
    for (const url of ['/', '/login', '/explore-course']) {
      const page = await get(url, { cookie: 'gurukul_locale=hi; gurukul_signed_in=1' });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(template);
    }
    // Without it, the same address is drawn.
    expect((await get('/login', { cookie: 'gurukul_locale=hi' })).body).toContain('id="server-drawn"');
  });

  it("names a course's public pages after the course, with its structured data, and escapes what its author wrote", async () => {
    const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    const course = await insertLiveCourse(ctx.app, teacher.user.id, 499, 'INR', {
      title: 'ज्यामिति </script><script>alert(1)</script>',
      description: 'त्रिभुज & "वृत्त"',
      language: 'Hindi',
    });
    for (const path of ['/explore-course', '/preview-video']) {
      const page = await get(`${path}?courseId=${course.id}&utm_source=whatsapp`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(
        '<title>ज्यामिति &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Gurukul</title>',
      );
      expect(page.body).toContain('<meta property="og:description" content="त्रिभुज &amp; &quot;वृत्त&quot;" />');
      // One address per course page, whatever a shared link added to it.
      expect(page.body).toContain(
        `<link rel="canonical" href="https://gurukul.example${path}?courseId=${course.id}" />`,
      );
      expect(page.body).not.toContain('<script>alert(1)');
      const structured = page.body.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1];
      expect(JSON.parse(structured ?? '{}')).toMatchObject({
        '@type': 'Course',
        name: 'ज्यामिति </script><script>alert(1)</script>',
        inLanguage: 'hi',
        offers: [{ price: 499, priceCurrency: 'INR', category: 'Paid' }],
      });
    }
    // The course it was drawn with goes to the browser, so its drawer opens without asking again.
    const explore = await get(`/explore-course?courseId=${course.id}`);
    expect(explore.body).toContain(`"queryKey":["catalog","one","${course.id}"]`);
    // An unknown course, or no course at all: the page as any visitor gets it, with no structured data.
    for (const url of [
      '/explore-course?courseId=00000000-0000-4000-8000-000000000000',
      '/explore-course?courseId=x',
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>Explore Courses | Gurukul</title>');
      expect(page.body, url).not.toContain('application/ld+json');
    }
  });

  it('escapes what the address carries, and draws no page for an address made long to fill its cache', async () => {
    const hostile = await get('/explore-course?search=%3Cscript%3Ealert(1)%3C%2Fscript%3E&x="><img src=x>');
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toContain('<script>alert(1)');
    expect(hostile.body).not.toContain('"><img src=x>');
    const long = await get(`/pricing?q=${'a'.repeat(600)}`);
    expect(long.statusCode).toBe(200);
    expect(long.body).not.toContain('id="server-drawn"');
  });
});

describe('the document around a drawn page', () => {
  const template =
    '<!doctype html><html lang="en"><head><title>Gurukul</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

  it('escapes the title and description, and keeps the state from closing its script element', () => {
    const html = pageDocument(
      template,
      {
        html: '<p>page</p>',
        title: 'A "quoted" <b>title</b>',
        description: "it's & <more>",
        canonicalPath: '/pricing',
        course: null,
        locale: 'hi',
        queries: {},
        parts: [],
      },
      'https://gurukul.example',
    );
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt;</title>');
    expect(html).toContain('content="it&#39;s &amp; &lt;more&gt;"');
    expect(html).toContain('<html lang="hi" data-mantine-color-scheme="light">');
    expect(html).toContain(
      '<div id="root"><p>page</p></div><script type="application/json" id="server-drawn">',
    );
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('keeps a page\'s "$&", "$`" and "$\'" as they are (a course may be called so)', () => {
    const odd = "Save $& now, $` and $' too, $$5";
    const html = pageDocument(
      template,
      {
        html: `<p>${odd}</p>`,
        title: odd,
        description: odd,
        canonicalPath: '/',
        course: null,
        locale: 'en',
        queries: { title: odd },
        parts: ['home-course-shelf'],
      },
      'https://gurukul.example',
    );
    expect(html).toContain(`<div id="root"><p>${odd}</p></div>`);
    expect(html).toContain(`<title>Save $&amp; now, $\` and $&#39; too, $$5</title>`);
    expect(html).toContain(
      JSON.stringify({ locale: 'en', queries: { title: odd }, parts: ['home-course-shelf'] }),
    );
  });
});

describe('a drawing that does not load', () => {
  it('starts the server all the same and sends the plain index.html', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'gurukul-drawn-broken-'));
    const html =
      '<!doctype html><html lang="en"><head><title>Gurukul</title></head><body><div id="root"></div></body></html>';
    writeFileSync(path.join(dist, 'index.html'), html);
    mkdirSync(path.join(dist, '.server'));
    writeFileSync(path.join(dist, DRAWING_FILE), 'export function drawPage( {');
    const broken = await startTestApp({ webDist: dist });
    try {
      for (const url of ['/', '/login']) {
        const page = await broken.app.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expect(page.body).toBe(html);
      }
    } finally {
      await broken.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('a drawing that fails', () => {
  let failing: TestContext;
  let dist: string;

  beforeAll(async () => {
    // A built app whose drawing throws for one page and counts its calls: the server's part is what is tested.
    dist = mkdtempSync(path.join(os.tmpdir(), 'gurukul-drawn-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Gurukul</title></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(path.join(dist, '.server'));
    writeFileSync(
      path.join(dist, DRAWING_FILE),
      `globalThis.drawings = 0;
export async function drawPage(url, locale) {
  globalThis.drawings += 1;
  if (url.startsWith('/login')) throw new Error('the drawing broke');
  return { html: '<main>drawn ' + url + '</main>', title: 'T', description: 'D', canonicalPath: '/', course: null, locale };
}`,
    );
    failing = await startTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await failing?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the plain index.html instead of an error, and the server goes on drawing other pages', async () => {
    const broken = await failing.app.inject({ method: 'GET', url: '/login' });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<div id="root"></div>');
    const other = await failing.app.inject({ method: 'GET', url: '/pricing' });
    expect(other.body).toContain('<main>drawn /pricing</main>');
  });

  it('draws a page once a minute per address and language, however many ask', async () => {
    const before = (globalThis as { drawings?: number }).drawings ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => failing.app.inject({ method: 'GET', url: '/about-us' })),
    );
    expect(answers.every((answer) => answer.body.includes('<main>drawn /about-us</main>'))).toBe(true);
    const hindi = await failing.app.inject({
      method: 'GET',
      url: '/about-us',
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.body).toContain('<html lang="hi" data-mantine-color-scheme="light">');
    expect(((globalThis as { drawings?: number }).drawings ?? 0) - before).toBe(2);
  });

  it('draws at most a set number of new pages a minute; past it, pages go as the plain index.html', async () => {
    const answers = await Promise.all(
      Array.from({ length: DRAWINGS_PER_MINUTE + 10 }, (_, index) =>
        failing.app.inject({ method: 'GET', url: `/pricing?made-up=${index}` }),
      ),
    );
    const drawn = answers.filter((answer) => answer.body.includes('<main>drawn')).length;
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    // The tests above drew 4 pages in this minute.
    expect(drawn).toBeLessThanOrEqual(DRAWINGS_PER_MINUTE);
    expect(drawn).toBeGreaterThan(DRAWINGS_PER_MINUTE - 10);
    expect(answers.filter((answer) => answer.body.includes('<div id="root"></div>')).length).toBe(
      answers.length - drawn,
    );
  });
});
