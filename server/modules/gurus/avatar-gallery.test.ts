import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas, Image } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_AVATARS } from '../../../common/avatar-gallery';
import { buildGallerySvgs, GALLERY_DIR } from '../../../scripts/make-avatar-gallery';
import { gurus } from '../../db/schema/index';
import { fromProjectRoot } from '../../paths';
import { buildAndLogin } from '../../test/factories';
import { insertPlan, putOnPlan } from '../../test/fixtures/plans';
import { createGuru } from '../../test/gurus';
import { startTestApp, type TestContext } from '../../test/harness';
import { galleryPicture } from './gallery';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

async function teacherWithGurus() {
  const teacher = await buildAndLogin(ctx.app, { userType: 'teacher' });
  const plan = await insertPlan(ctx.app, { limits: { gurus: 5 } });
  await putOnPlan(ctx.app, teacher.user.id, plan.id);
  return teacher;
}

/** The colour of one pixel of an SVG drawn at 256 pixels, as 'r,g,b'. */
function pixel(svg: Buffer, x: number, y: number): string {
  const image = new Image();
  image.src = svg;
  const canvas = createCanvas(256, 256);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, 256, 256);
  return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)].join();
}

describe('the avatar gallery', () => {
  it('is committed as generated (run scripts/make-avatar-gallery.ts after changing it)', () => {
    for (const { file, svg } of buildGallerySvgs())
      expect(readFileSync(path.join(GALLERY_DIR, file), 'utf8'), file).toBe(svg);
  });

  it('draws every avatar as a distinct square picture with a face where the mouth is animated', () => {
    const backdrops = new Set<string>();
    for (const avatar of GALLERY_AVATARS) {
      const svg = readFileSync(fromProjectRoot('web', 'public', 'illustrations', avatar.file));
      expect(svg.toString('utf8'), avatar.id).toContain('<title');
      const png = galleryPicture(avatar.id, 256);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 256]);
      backdrops.add(pixel(svg, 4, 4));
      // The mouth, 50 % across and 63 % down, is the lips' colour, not the skin's or the backdrop's.
      expect(pixel(svg, 128, 162), avatar.id).not.toBe(pixel(svg, 4, 4));
      expect(pixel(svg, 128, 162), avatar.id).not.toBe(pixel(svg, 128, 140));
    }
    expect(backdrops.size).toBe(GALLERY_AVATARS.length);
  });

  it('finishes a static avatar without an upload, replacing the picture it had', async () => {
    const teacher = await teacherWithGurus();
    const guru = await createGuru(ctx.app, teacher.headers);
    const choose = (avatar: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/gurus/${guru.id}/avatar-gallery`,
        headers: teacher.headers,
        payload: { avatar },
      });
    const unknown = await choose('robot');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Please choose one of the gallery avatars.');

    const first = await choose('hijab');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().avatarImageUrl).toContain(`gurus/${guru.id}/avatar/`);
    const firstPath = (await ctx.app.db.query.gurus.findFirst({ where: eq(gurus.id, guru.id) }))
      ?.avatarImagePath;
    const second = await choose('turban');
    expect(second.statusCode).toBe(200);
    const secondPath = (await ctx.app.db.query.gurus.findFirst({ where: eq(gurus.id, guru.id) }))
      ?.avatarImagePath;
    expect(secondPath).not.toBe(firstPath);

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/gurus/${guru.id}/avatar`,
      headers: teacher.headers,
      payload: { avatarKind: 'static', voice: 'nova', fallbackVoice: 'alloy' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // The guru page shows it like an uploaded picture: its signed URL serves the PNG.
    const info = await ctx.app.inject({
      url: `/api/gurus/${guru.id}/session-info`,
      headers: teacher.headers,
    });
    const picture = await ctx.app.inject({ url: info.json().avatarImageUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/');
  });

  it("is not for someone else's guru", async () => {
    const owner = await teacherWithGurus();
    const guru = await createGuru(ctx.app, owner.headers);
    const stranger = await teacherWithGurus();
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/gurus/${guru.id}/avatar-gallery`,
      headers: stranger.headers,
      payload: { avatar: 'curls' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
