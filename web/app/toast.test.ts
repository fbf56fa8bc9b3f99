import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { closeToastsLeftBehind, TOAST_OUTLIVES_PAGE_MS, toast } from './toast';

const shown = () => notificationsStore.getState().notifications.map((item) => item.message);
const shownIds = () => notificationsStore.getState().notifications.map((item) => item.id);

describe('toast', () => {
  afterEach(() => notifications.clean());

  // Replacing it with a twin would leave two on screen while the first fades out.
  it('keeps the toast on screen when the same message is raised again by another failing request', () => {
    toast('danger', 'Your session has expired. Please log in again.');
    const [first] = shownIds();
    toast('danger', 'Your session has expired. Please log in again.');
    toast('danger', 'Your session has expired. Please log in again.');
    expect(shown()).toEqual(['Your session has expired. Please log in again.']);
    expect(shownIds()).toEqual([first]);
  });

  it('replaces the toast on screen with a different message', () => {
    toast('success', 'Saved');
    toast('danger', 'Something went wrong');
    expect(shown()).toEqual(['Something went wrong']);
  });

  // SPEC §9's route-change clean-up (route-change.ts) closes what the page just left had raised.
  it('closes a toast raised on the page left, unless it came with the navigation itself', () => {
    toast('danger', 'Please fill in the title.');
    const page = globalThis.location?.pathname ?? '';
    // Left at once (the action's own outcome, e.g. "Saved" then the list): it stays.
    closeToastsLeftBehind(page, Date.now());
    expect(shown()).toEqual(['Please fill in the title.']);
    // Another page was left: not this toast's business.
    closeToastsLeftBehind('/some-other-page', Date.now() + 10 * TOAST_OUTLIVES_PAGE_MS);
    expect(shown()).toEqual(['Please fill in the title.']);
    // Left well after it was raised: it belonged to that page and goes.
    closeToastsLeftBehind(page, Date.now() + 2 * TOAST_OUTLIVES_PAGE_MS);
    expect(shown()).toEqual([]);
  });
});
