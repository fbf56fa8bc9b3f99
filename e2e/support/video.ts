import { expect, type Locator } from '@playwright/test';

/**
 * Starts a lesson's player muted (autoplay rules). The player may load its source again once it is on screen
 * (HLS attaching after the poster), which rejects a play() already asked for with an AbortError: ask again
 * until one is accepted.
 */
export async function playMuted(player: Locator): Promise<void> {
  await expect(async () => {
    await player.evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
  }).toPass({ timeout: 20_000 });
}
