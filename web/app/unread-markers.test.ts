import { beforeEach, describe, expect, it } from 'vitest';
import { LS } from './storage';
import { forgetUnread, rememberUnread } from './unread-markers';

// The browser's storage, as Node has none: a Map behind the Storage methods the app uses, and a window that
// takes the app's change events.
const stored = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  },
  window: new EventTarget(),
});

describe('new-message markers', () => {
  beforeEach(() => stored.clear());

  it('keeps newChat true exactly while some conversation is marked new', () => {
    rememberUnread('chat', 'c1');
    rememberUnread('chat', 'c2');
    rememberUnread('chat', 'c1');
    expect(JSON.parse(stored.get(LS.newChatIds) ?? '[]')).toEqual(['c1', 'c2']);
    expect(stored.get(LS.newChat)).toBe('true');
    forgetUnread('chat', 'c1');
    expect(stored.get(LS.newChat)).toBe('true');
    forgetUnread('chat', 'c2');
    expect(JSON.parse(stored.get(LS.newChatIds) ?? '[]')).toEqual([]);
    expect(stored.get(LS.newChat)).toBe('false');
  });

  it('marks tickets in newHelpIds without touching newChat', () => {
    rememberUnread('help', 't1');
    expect(JSON.parse(stored.get(LS.newHelpIds) ?? '[]')).toEqual(['t1']);
    expect(stored.has(LS.newChat)).toBe(false);
  });
});
