import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { announceRateLimited, retryAfterSeconds } from './rate-limited';

const shown = () => notificationsStore.getState().notifications.map((item) => item.message);

describe('retryAfterSeconds', () => {
  it('reads delta-seconds and HTTP dates, and never answers less than a second', () => {
    expect(retryAfterSeconds('42')).toBe(42);
    expect(retryAfterSeconds('0')).toBe(1);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds(null)).toBe(1);
    expect(retryAfterSeconds('soon')).toBe(1);
  });
});

describe('announceRateLimited', () => {
  afterEach(() => notifications.clean());

  it('shows one toast for a burst of refused calls and a new one after the wait', () => {
    const start = 1_000_000;
    const first = 'Too many requests. Please try again in 30 seconds.';
    expect(announceRateLimited(first, 30, start)).toBe(first);
    // The rest of the burst keeps the first message, so callers that show it show the same toast.
    expect(announceRateLimited('Too many requests. Please try again in 29 seconds.', 29, start + 1000)).toBe(
      first,
    );
    expect(announceRateLimited('Too many requests. Please try again in 5 seconds.', 5, start + 25_000)).toBe(
      first,
    );
    expect(shown()).toEqual([first]);

    notifications.clean();
    const later = 'Too many requests. Please try again in 12 seconds.';
    expect(announceRateLimited(later, 12, start + 31_000)).toBe(later);
    expect(shown()).toEqual([later]);
  });
});
