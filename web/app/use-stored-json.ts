import { useSyncExternalStore } from 'react';
import { subscribeStorage } from './storage';

/** A JSON value in local storage as React state: re-renders when this or another tab changes it. */
export function useStoredJson<T>(key: string, fallback: T): T {
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => localStorage.getItem(key),
    () => null,
  );
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}
