import type { SessionAnswer } from '../../common/contracts/auth';
import { parseNullishString } from '../../common/nullish';
import { markSignedIn } from './signed-in-cookie';

/** Local storage keys of SPEC §3, plus the token and the few fields the spec keeps in its user object. */
export const LS = {
  userType: 'userType',
  fullName: 'fullName',
  planName: 'planName',
  userId: 'userId',
  isFreeTrial: 'isFreeTrial',
  remainingTrialDays: 'remainingTrialDays',
  themeMode: 'themeMode',
  switchAccountStack: 'switchAccountStack',
  newChat: 'newChat',
  themeColor: 'themeColor',
  instituteId: 'instituteId',
  sideNav: 'sideNav',
  newChatIds: 'newChatIds',
  newHelpIds: 'newHelpIds',
  trialEnded: 'trialEnded',
  subscriptionEnded: 'subscriptionEnded',
  jwtToken: 'jwtToken',
  email: 'email',
  planId: 'planId',
  enrollmentDate: 'enrollmentDate',
  isRemember: 'isRemember',
  font: 'font',
  impersonatedBy: 'impersonatedBy',
  /** JSON list of the plan's NONE modules (hidden from the side navigation). */
  hiddenModules: 'hiddenModules',
  addLockedModules: 'addLockedModules',
  /** The interface language chosen in this browser (web/app/i18n.ts); kept when a session ends. */
  locale: 'locale',
} as const;

export const SS = {
  currencyRates: 'currencyRates',
  currentCountry: 'currentCountry',
  /** A share link's token, kept from the login page until the subscribed-courses page redeems it. */
  shareToken: 'shareToken',
} as const;

/** The session keys written at login and restored when switching back from another account. */
const SESSION_KEYS = [
  LS.userType,
  LS.fullName,
  LS.planName,
  LS.userId,
  LS.isFreeTrial,
  LS.remainingTrialDays,
  LS.themeColor,
  LS.instituteId,
  LS.trialEnded,
  LS.subscriptionEnded,
  LS.jwtToken,
  LS.email,
  LS.planId,
  LS.enrollmentDate,
  LS.isRemember,
  LS.font,
  LS.impersonatedBy,
  LS.themeMode,
  LS.hiddenModules,
  LS.addLockedModules,
] as const;

export type SessionSnapshot = Partial<Record<(typeof SESSION_KEYS)[number], string>>;

export interface StoredSession {
  jwtToken: string;
  userId: string;
  userType: string;
  fullName: string;
  email: string;
  planId: string | null;
  planName: string | null;
  instituteId: string | null;
  isFreeTrial: boolean;
  remainingTrialDays: number | null;
  trialEnded: boolean;
  subscriptionEnded: boolean;
  themeColor: string;
  font: string;
  impersonatedBy: string | null;
  hiddenModules: string[];
  addLockedModules: string[];
}

const CHANGE_EVENT = 'gurukul:storage';
const get = (key: string) => parseNullishString(localStorage.getItem(key)) ?? null;

export function notifyStorageChange(): void {
  // Every write of the session ends here, so the server's hint follows the session (signed-in-cookie.ts).
  markSignedIn(readSession() !== null);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function subscribeStorage(listener: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

/** The session as kept in local storage, or null when nobody is logged in. */
export function readSession(): StoredSession | null {
  const jwtToken = get(LS.jwtToken);
  const userType = get(LS.userType);
  if (!jwtToken && !userType) return null;
  const days = get(LS.remainingTrialDays);
  return {
    jwtToken: jwtToken ?? '',
    userId: get(LS.userId) ?? '',
    userType: userType ?? '',
    fullName: get(LS.fullName) ?? '',
    email: get(LS.email) ?? '',
    planId: get(LS.planId),
    planName: get(LS.planName),
    instituteId: get(LS.instituteId),
    isFreeTrial: get(LS.isFreeTrial) === 'true',
    remainingTrialDays: days === null ? null : Number(days),
    trialEnded: get(LS.trialEnded) === 'true',
    subscriptionEnded: get(LS.subscriptionEnded) === 'true',
    themeColor: get(LS.themeColor) ?? 'indigo',
    font: get(LS.font) ?? 'Lato',
    impersonatedBy: get(LS.impersonatedBy),
    hiddenModules: parseList(get(LS.hiddenModules)),
    addLockedModules: parseList(get(LS.addLockedModules)),
  };
}

/** A stored JSON list of strings; anything else reads as empty. */
function parseList(value: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Writes a login (or /api/auth/me) answer into local storage. */
export function writeSession(
  answer: Omit<SessionAnswer, 'jwtToken'> & { jwtToken?: string },
  isRemember?: boolean,
): void {
  const u = answer.userObj;
  const values: Record<string, string | null> = {
    [LS.userId]: u.userId,
    [LS.fullName]: u.fullName,
    [LS.email]: u.email,
    [LS.userType]: u.userType,
    [LS.enrollmentDate]: u.enrollmentDate,
    [LS.instituteId]: u.instituteId ?? 'null',
    [LS.planId]: u.planId,
    [LS.planName]: u.planName,
    [LS.isFreeTrial]: String(u.isFreeTrial),
    [LS.remainingTrialDays]: u.remainingTrialDays === null ? null : String(u.remainingTrialDays),
    [LS.themeMode]: u.isDarkTheme ? 'dark' : 'light',
    [LS.themeColor]: u.themeColor,
    [LS.font]: u.font,
    [LS.trialEnded]: String(answer.trialEnded),
    [LS.subscriptionEnded]: String(answer.subscriptionEnded),
    [LS.impersonatedBy]: answer.impersonatedBy,
    [LS.hiddenModules]: JSON.stringify(u.hiddenModules ?? []),
    [LS.addLockedModules]: JSON.stringify(u.addLockedModules ?? []),
  };
  if (answer.jwtToken) values[LS.jwtToken] = answer.jwtToken;
  if (isRemember !== undefined) values[LS.isRemember] = String(isRemember);
  for (const [key, value] of Object.entries(values)) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  }
  notifyStorageChange();
}

export function clearStorage(): void {
  const locale = localStorage.getItem(LS.locale);
  localStorage.clear();
  // The language is the browser's reader's, not the session's: logging out keeps it.
  if (locale !== null) localStorage.setItem(LS.locale, locale);
  notifyStorageChange();
}

export function snapshotSession(): SessionSnapshot {
  const snapshot: SessionSnapshot = {};
  for (const key of SESSION_KEYS) {
    const value = localStorage.getItem(key);
    if (value !== null) snapshot[key] = value;
  }
  return snapshot;
}

export function restoreSnapshot(snapshot: SessionSnapshot): void {
  for (const key of SESSION_KEYS) {
    const value = snapshot[key];
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  }
  notifyStorageChange();
}

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
  notifyStorageChange();
}
