import { useEffect, useSyncExternalStore } from 'react';

/** Public pages use the "home" theme (always light) without touching the user's saved mode. */
let homeTheme = false;
const listeners = new Set<() => void>();

function setHomeTheme(value: boolean) {
  homeTheme = value;
  for (const listener of listeners) listener();
}

export function useHomeThemeActive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => homeTheme,
    () => homeTheme,
  );
}

/** Called by the public layout while it is shown. */
export function useHomeTheme(): void {
  useEffect(() => {
    setHomeTheme(true);
    return () => setHomeTheme(false);
  }, []);
}
