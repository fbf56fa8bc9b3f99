import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while a page the server drew is not yet React's (on the server, and during hydration's first render),
 * true from then on and on every page the browser draws itself (decision 071). A form's submit button waits for
 * it: pressed earlier, the browser would send the form itself, with the password in the address.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
