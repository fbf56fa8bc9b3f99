import type { SessionAnswer } from '../../common/contracts/auth';
import { api } from './api';
import { navigateTo } from './navigation-bridge';
import { disconnectSocket } from './socket';
import {
  clearStorage,
  LS,
  readJson,
  restoreSnapshot,
  type SessionSnapshot,
  snapshotSession,
  writeJson,
  writeSession,
} from './storage';

/**
 * Reloads the logged-in account from /api/auth/me into local storage: the profile box's plan name, the
 * institute and the trial/subscription-ended hold come from there (after a payment, after joining an institute).
 */
export async function refreshAccount(): Promise<void> {
  const answer = await api<Omit<SessionAnswer, 'jwtToken'>>('/auth/me');
  writeSession(answer);
}

export interface SwitchEntry {
  session: SessionSnapshot;
  /** Where the previous user was when they switched away. */
  route: string;
}

export function switchStack(): SwitchEntry[] {
  return readJson<SwitchEntry[]>(LS.switchAccountStack, []);
}

/** Logs in as another account: the current session and route go onto switchAccountStack. */
export function switchInto(answer: SessionAnswer, currentRoute: string): void {
  const stack = switchStack();
  stack.push({ session: snapshotSession(), route: currentRoute });
  disconnectSocket();
  writeSession(answer);
  writeJson(LS.switchAccountStack, stack);
}

/** "Back to Previous User": ends the switched-into session on the server and restores the previous one. */
export async function switchBack(): Promise<string | null> {
  const stack = switchStack();
  const previous = stack.pop();
  if (!previous) return null;
  disconnectSocket();
  await api('/auth/logout', { method: 'POST', handleUnauthorized: false }).catch(() => undefined);
  restoreSnapshot(previous.session);
  writeJson(LS.switchAccountStack, stack);
  return previous.route;
}

/** Logout of SPEC §4: deleteOnlineUser, socket closed, all local storage cleared, /login. */
export async function logout(): Promise<void> {
  // The socket goes first: the server drops it when the session ends, which must not read as a revocation.
  disconnectSocket();
  await api('/auth/logout', { method: 'POST', handleUnauthorized: false }).catch(() => undefined);
  // Sessions waiting on the switch stack end too, so no token outlives the logout.
  for (const entry of switchStack()) {
    const token = entry.session[LS.jwtToken];
    if (token) {
      await api('/auth/logout', { method: 'POST', token, handleUnauthorized: false }).catch(() => undefined);
    }
  }
  clearStorage();
  navigateTo('/login');
}
