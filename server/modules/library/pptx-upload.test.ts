import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryDetail } from '../../../common/contracts/library';
import { PPTX_NEEDS_LIBREOFFICE } from '../../media/pdf-slides';
import { makeDemoDeck } from '../../seed/demo-library';
import { buildAndLogin } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/uploads';

type Login = Awaited<ReturnType<typeof buildAndLogin>>;

const upload = (ctx: TestContext, who: Login, name: string, bytes: Buffer) => {
  const body = multipart(name, 'application/octet-stream', bytes);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/course-libraries',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
};

/**
 * A real PowerPoint deck, made the way a teacher's would be saved: the demo PDF deck opened in LibreOffice
 * Impress and saved as .pptx. `npm test` installs LibreOffice (scripts/bootstrap.mjs).
 */
function makePptx(pdf: Buffer): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-pptx-'));
  try {
    writeFileSync(path.join(dir, 'deck.pdf'), pdf);
    const result = spawnSync(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--infilter=impress_pdf_import',
        '--convert-to',
        'pptx',
        '--outdir',
        dir,
        path.join(dir, 'deck.pdf'),
      ],
      { timeout: 120_000 },
    );
    if (result.status !== 0) throw new Error(`soffice failed: ${result.stderr}`);
    return readFileSync(path.join(dir, 'deck.pptx'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A zip that names a presentation part but is no presentation. */
const fakePptx = () =>
  Buffer.concat([
    Buffer.from('PK\x03\x04', 'latin1'),
    Buffer.alloc(26),
    Buffer.from('ppt/presentation.xml', 'latin1'),
    Buffer.alloc(40),
  ]);

describe('PowerPoint decks with LibreOffice installed', () => {
  let ctx: TestContext;
  let teacher: Login;
  let pptx: Buffer;
  beforeAll(async () => {
    ctx = await startTestApp();
    teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
    pptx = makePptx(await makeDemoDeck());
  }, 180_000);
  afterAll(async () => ctx?.close());

  it('turns each slide of a .pptx into a segment: its title apart, its text as narration', async () => {
    const response = await upload(ctx, teacher, 'polygons.pptx', pptx);
    expect(response.statusCode, response.body).toBe(201);
    const library = response.json() as LibraryDetail;
    expect(library.title).toBe('polygons');
    expect(library.segments).toHaveLength(3);
    expect(library.segments.map((segment) => segment.page)).toEqual([1, 2, 3]);
    // The slide's title apart from its narration, for PowerPoint as for PDF.
    expect(library.segments[1].heading).toBe('Quadrilaterals');
    expect(library.segments[1].description).toBe('Four sides. Four angles. Angles add up to 360°.');
  }, 120_000);

  it('refuses a zip that only claims to be a presentation, as a bad file', async () => {
    const response = await upload(ctx, teacher, 'slides.pptx', fakePptx());
    expect(response.statusCode).toBe(400);
  }, 60_000);
});

describe('PowerPoint decks without LibreOffice', () => {
  let ctx: TestContext;
  let teacher: Login;
  beforeAll(async () => {
    ctx = await startTestApp({ libreOfficeBinary: '/nonexistent/soffice' });
    teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  });
  afterAll(async () => ctx?.close());

  it('says a PDF export is needed, keeping nothing', async () => {
    const response = await upload(ctx, teacher, 'slides.pptx', fakePptx());
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: PPTX_NEEDS_LIBREOFFICE,
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/course-libraries',
      headers: teacher.headers,
    });
    expect(list.json().libraries).toEqual([]);
  });
});
