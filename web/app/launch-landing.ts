import type { SessionAnswer } from '../../common/contracts/auth';
import { isLocale } from '../../common/i18n/locales';
import { api } from './api';
import { initialLocale } from './i18n';
import { markSignedIn } from './signed-in-cookie';
import { LS, readSession, writeSession } from './storage';

/**
 * An LMS launch (decision 074) ends on /sso#ticket=…&to=<page>. The ticket is traded here, before the app's first
 * render, so the learner's page is the first one drawn inside the LMS's frame — not the sign-in page first and the
 * app's chunks after it (decision 075; bench/lti-launch.ts measures it). When the trade fails, the address is
 * left as it is and the /sso page shows why (launchFailure).
 */
let failure: string | null = null;

/** The reason a launch's ticket was refused at start-up, for the /sso page to show. */
export const launchFailure = (): string | null => failure;

/** `to` as a path of this app, or null: another origin, or anything the address bar would not take as a path. */
export function ownPath(to: string): string | null {
  if (!to.startsWith('/')) return null;
  try {
    const url = new URL(to, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

export async function enterFromLaunch(location: Location): Promise<boolean> {
  if (location.pathname !== '/sso') return false;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const ticket = fragment.get('ticket');
  const to = fragment.get('to');
  const target = to ? ownPath(to) : null;
  if (!ticket || !target) return false;
  // A browser that already holds a session is asked first, on the /sso page, before another account replaces it.
  if (readSession() !== null) return false;
  // The server words a refusal in the reader's language (the page's lang, set by the app only once it starts).
  document.documentElement.lang = initialLocale();
  try {
    const answer = await api<SessionAnswer>('/sso/session', {
      method: 'POST',
      body: { ticket },
      handleUnauthorized: false,
    });
    writeSession(answer, fragment.get('remember') === 'true');
    // The account's language is the one the app starts in (what adoptAccountLocale does after a login).
    if (isLocale(answer.userObj.locale)) localStorage.setItem(LS.locale, answer.userObj.locale);
    markSignedIn(true);
    history.replaceState(null, '', target);
    return true;
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    return false;
  }
}
