/**
 * Lets code outside React (the API client, the socket) navigate with the router instead of a full
 * reload. The router registers itself at start.
 */
let navigateFn: ((to: string) => void) | null = null;

export function registerNavigate(fn: (to: string) => void): void {
  navigateFn = fn;
}

export function navigateTo(to: string): void {
  if (navigateFn) navigateFn(to);
  else window.location.assign(to);
}
