import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeTestClip } from '../server/test/clips';
import { tinyPng } from '../server/test/uploads';
import { loginAs } from './support/accounts';
import { createCourseViaApi } from './support/api';
import { expect, expectFailedResponses, test } from './support/test';
import { playMuted } from './support/video';

/** A real 3-second clip, so the server's packaging runs for real. */
const makeClip = () => makeTestClip({ name: 'intro-to-angles.mp4', seconds: 3 }).file;

test('a teacher uploads a lesson video, watches it being prepared and plays it', async ({ page }) => {
  const clip = makeClip();
  const notVideo = path.join(path.dirname(clip), 'notes.mp4');
  writeFileSync(notVideo, 'these are lecture notes, not a video\n'.repeat(20));

  await loginAs(page, 'teacher');
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  const id = await createCourseViaApi(page.request, token, {
    title: `Angles ${Date.now()}`,
    description: 'Measuring and naming angles.',
  });

  // The course picture on the information step: the image is kept and shown.
  await page.goto(`/add-course-list?courseId=${id}&step=course-information`);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByText('Course picture saved')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Course picture' })).toHaveAttribute(
    'src',
    /\/api\/files\/courses\/.+\/thumbnails\//,
  );

  await page.goto(`/add-course-list?courseId=${id}&step=course-videos`);
  await expect(page.getByText('No lesson videos yet.')).toBeVisible();

  // Bytes decide, not the name: a text file called .mp4 is refused with a clear message.
  expectFailedResponses({ status: 400, method: 'POST', path: /^\/api\/courses\/[^/]+\/videos$/ });
  await page.locator('input[type=file]').setInputFiles(notVideo);
  await expect(
    page.getByText('This file is not a video. Please upload an MP4, WebM, MOV or MKV video.'),
  ).toBeVisible();

  await page.locator('input[type=file]').setInputFiles(clip);
  const row = page.getByTestId('video-row').filter({ hasText: 'intro-to-angles' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('video-status')).toHaveText('ready', { timeout: 30_000 });
  await expect(row).toContainText('0:03');
  await expect(page.getByRole('button', { name: /Course Videos \(complete\)/ })).toBeVisible();

  await row.getByRole('button', { name: /^Play/ }).click();
  const player = page.getByTestId('video-player');
  await expect(player).toBeVisible();
  await playMuted(player);
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  await page.keyboard.press('Escape');
  await expect(player).toBeHidden();

  // Captions: bytes decide here too (a PNG named .vtt is refused), then a SubRip file is taken.
  const captionsInput = row.locator('input[type=file]');
  expectFailedResponses({ status: 400, method: 'PUT', path: /\/videos\/[^/]+\/captions$/ });
  await captionsInput.setInputFiles({ name: 'angles.vtt', mimeType: 'text/vtt', buffer: tinyPng() });
  await expect(
    row.getByText('This file is not a caption file. Please upload a WebVTT (.vtt) or SubRip (.srt) file.'),
  ).toBeVisible();
  await captionsInput.setInputFiles({
    name: 'angles.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nAn angle is a turn.\n'),
  });
  await expect(row.getByText('Captions added')).toBeVisible();
  await row.getByRole('button', { name: /^Play/ }).click();
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.textTracks.length))
    .toBeGreaterThanOrEqual(1);
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: /^Remove captions/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove captions' }).click();
  await expect(row.getByRole('button', { name: /^Add captions/ })).toBeVisible();
});
