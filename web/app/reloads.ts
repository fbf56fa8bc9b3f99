import { LS } from './storage';

const CHUNK_RELOADED = 'chunkReloaded';

/** A failed script chunk or style file (a deploy replaced it) reloads the page once. */
export function installChunkReload(): void {
  const reloadOnce = () => {
    if (sessionStorage.getItem(CHUNK_RELOADED)) return;
    sessionStorage.setItem(CHUNK_RELOADED, '1');
    window.location.reload();
  };
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadOnce();
  });
  window.addEventListener('unhandledrejection', (event) => {
    const message = String((event.reason as Error | undefined)?.message ?? event.reason ?? '');
    if (
      /Failed to fetch dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
        message,
      )
    ) {
      reloadOnce();
    }
  });
  window.addEventListener('load', () => setTimeout(() => sessionStorage.removeItem(CHUNK_RELOADED), 10_000));
}

export function isChunkLoadError(error: unknown): boolean {
  const message = String((error as Error | undefined)?.message ?? error ?? '');
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk/i.test(
    message,
  );
}

export function reloadForChunkError(): boolean {
  if (sessionStorage.getItem(CHUNK_RELOADED)) return false;
  sessionStorage.setItem(CHUNK_RELOADED, '1');
  window.location.reload();
  return true;
}

/** If another tab logs in as someone else, this tab reloads when it is shown again (SPEC §4). */
export function installUserChangeReload(): void {
  let seenUserId = localStorage.getItem(LS.userId);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') {
      seenUserId = localStorage.getItem(LS.userId);
      return;
    }
    if (localStorage.getItem(LS.userId) !== seenUserId) window.location.reload();
  });
  // This tab's own logins and switches are not "another tab".
  window.addEventListener('gurukul:storage', () => {
    if (document.visibilityState === 'visible') seenUserId = localStorage.getItem(LS.userId);
  });
}
