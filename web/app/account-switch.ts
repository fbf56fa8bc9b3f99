import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

let switching = false;
const listeners = new Set<() => void>();

function setSwitching(next: boolean): void {
  switching = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while one account gives way to another: the root layout draws no page then (root-layout.tsx). */
export function accountSwitching(): boolean {
  return switching;
}

export function useAccountSwitching(): boolean {
  return useSyncExternalStore(subscribe, accountSwitching, () => false);
}

/**
 * The one way the tab changes account ("Log in as", "Back to Previous User"). The page being left unmounts
 * before the token changes: a page still mounted when the query cache is cleared asks again on its next render,
 * with the other account's token (an admin's people list asked for as the teacher: 403). So: no page, swap
 * the session, empty the cache, go to the new account's page, and only then draw pages again.
 */
export async function changeAccount(
  queryClient: QueryClient,
  swap: () => string | Promise<string>,
  navigate: (to: string) => void | Promise<void>,
): Promise<void> {
  flushSync(() => setSwitching(true));
  try {
    const to = await swap();
    queryClient.clear();
    await navigate(to);
  } finally {
    setSwitching(false);
  }
}
