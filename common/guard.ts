import { isUserType, ROLE_LABELS, type UserType } from './roles';
import { canOpen, findRoute, homeFor, ROUTES_WHEN_ENDED } from './routes';

/** What the client knows about its session; the server re-checks all of it on every call. */
export interface GuardSession {
  userType: string | null;
  trialEnded: boolean;
  subscriptionEnded: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'tampered' }
  | { kind: 'not-found' };

export function endedPage(session: Pick<GuardSession, 'trialEnded' | 'subscriptionEnded'>): string | null {
  if (session.subscriptionEnded) return '/information?page=subscription-ended';
  if (session.trialEnded) return '/information?page=free-trial-ended';
  return null;
}

/**
 * The route guard of SPEC §6 as one pure function: unknown path → 404; no login → /login;
 * unknown role → tampered; ended trial or subscription → /information; role not allowed → its home;
 * guest-only pages → home when logged in.
 */
export function decideRoute(pathname: string, search: string, session: GuardSession | null): GuardDecision {
  const route = findRoute(pathname);
  if (!route) return { kind: 'not-found' };
  if (route.access === 'public') return { kind: 'allow' };

  const loggedIn = Boolean(session?.userType);
  if (route.access === 'guest') {
    if (!loggedIn) return { kind: 'allow' };
    if (!isUserType(session?.userType)) return { kind: 'tampered' };
    // A share link logs in afresh: the login page stays reachable and the old session is cleared on success.
    if (route.path === '/login' && new URLSearchParams(search).has('shareToken')) return { kind: 'allow' };
    return { kind: 'redirect', to: landingFor(session as GuardSession & { userType: UserType }) };
  }

  if (!session || !loggedIn) return { kind: 'redirect', to: '/login' };
  if (!isUserType(session.userType)) return { kind: 'tampered' };

  const ended = endedPage(session);
  if (ended && !(ROUTES_WHEN_ENDED as readonly string[]).includes(route.path))
    return { kind: 'redirect', to: ended };
  if (!canOpen(route, session.userType))
    return { kind: 'redirect', to: landingFor({ ...session, userType: session.userType }) };
  return { kind: 'allow' };
}

/**
 * Why a logged-in user was sent home from `pathname` (a page of other roles), told on the page they land on;
 * null when the page is theirs, unknown, or not role-bound. "Teachers" (/teacher-list) is for institutes only.
 */
export function deniedNotice(pathname: string, userType: string | null | undefined): string | null {
  const route = findRoute(pathname);
  if (!route || !isUserType(userType) || canOpen(route, userType)) return null;
  if (route.access === 'guest' || route.access === 'public') return null;
  const roles = new Intl.ListFormat('en', { type: 'conjunction' }).format(
    route.access.map((role) => `${ROLE_LABELS[role].toLowerCase()}s`),
  );
  return `The page “${route.name}” is for ${roles} only, so you were brought to your home page.`;
}

/** Where a logged-in user lands: the ended page when held there, else the role's home. */
export function landingFor(session: GuardSession & { userType: UserType }): string {
  return endedPage(session) ?? homeFor(session.userType);
}
