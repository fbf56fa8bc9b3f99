import { useSyncExternalStore } from 'react';
import { readSession, type StoredSession, subscribeStorage } from './storage';

let cachedKey = '';
let cached: StoredSession | null = null;

function getSnapshot(): StoredSession | null {
  const next = readSession();
  const key = JSON.stringify(next);
  if (key !== cachedKey) {
    cachedKey = key;
    cached = next;
  }
  return cached;
}

/** The logged-in session from local storage; re-renders when it changes in this or another tab. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeStorage, getSnapshot, () => null);
}
