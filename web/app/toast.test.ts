import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast';

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
});
