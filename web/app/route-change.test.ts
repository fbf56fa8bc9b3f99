import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRouteChangeCleanup, ROUTE_CHANGE_CLEANUP_MS } from './route-change';
import { TOAST_OUTLIVES_PAGE_MS, toast } from './toast';

type State = { location: { pathname: string; hash: string }; navigation: { state: string } };

/** React Router's side of the contract: its state and its subscribe, driven by the test. */
function fakeRouter(pathname: string) {
  const listeners = new Set<(state: State) => void>();
  const router = {
    state: { location: { pathname, hash: '' }, navigation: { state: 'idle' } } as State,
    subscribe(listener: (state: State) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (path: string, navigation: 'idle' | 'loading') => {
    router.state = { location: { pathname: path, hash: '' }, navigation: { state: navigation } };
    for (const listener of listeners) listener(router.state);
  };
  return { router, emit };
}

const shown = () => notificationsStore.getState().notifications.map((item) => item.message);

describe('the route-change clean-up (SPEC §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {
      scrollTo: () => undefined,
      dispatchEvent: () => true,
      location: { pathname: '/' },
    });
  });
  afterEach(() => {
    notifications.clean();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('keeps the toast of the action that navigated, however long the next page takes to load', () => {
    const here = globalThis.location?.pathname ?? '';
    const { router, emit } = fakeRouter(here);
    const stop = installRouteChangeCleanup(router);
    toast('info', 'You are now logged in as Tara Teacher');
    emit(here, 'loading');
    // The next page's chunk arrives slowly; the router reports again while it loads.
    vi.advanceTimersByTime(3 * TOAST_OUTLIVES_PAGE_MS);
    emit(here, 'loading');
    emit('/guru-list', 'idle');
    vi.advanceTimersByTime(ROUTE_CHANGE_CLEANUP_MS + 1);
    expect(shown()).toEqual(['You are now logged in as Tara Teacher']);
    stop();
  });

  it('closes a toast the page left had raised well before the navigation began', () => {
    const here = globalThis.location?.pathname ?? '';
    const { router, emit } = fakeRouter(here);
    const stop = installRouteChangeCleanup(router);
    toast('danger', 'Please fill in the title.');
    vi.advanceTimersByTime(2 * TOAST_OUTLIVES_PAGE_MS);
    emit(here, 'loading');
    emit('/course-list', 'idle');
    vi.advanceTimersByTime(ROUTE_CHANGE_CLEANUP_MS + 1);
    expect(shown()).toEqual([]);
    stop();
  });
});
