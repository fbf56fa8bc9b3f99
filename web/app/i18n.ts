import { createElement, Fragment, type ReactNode, useSyncExternalStore } from 'react';
import {
  type Catalog,
  EN_CATALOG,
  formatMessage,
  formatParts,
  keyOfText,
  type MessageValues,
} from '../../common/i18n/catalog';
import { isLocale, type Locale, pickLocale } from '../../common/i18n/locales';
import { LS } from './storage';

/**
 * The interface language (decision 068). English ships in the first download; another language's catalog is a chunk
 * of its own, fetched only for those who read it. The choice lives in local storage (kept across logouts) and, when
 * logged in, on the account; without a choice the browser's languages decide.
 */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<Catalog>> = {
  hi: async () => (await import('../../common/i18n/hi.json')).default,
};

let locale: Locale = 'en';
let catalog: Catalog = EN_CATALOG;
const listeners = new Set<() => void>();

/** The language chosen in this browser, or null when none was (the browser's own languages decide then). */
export function chosenLocale(): Locale | null {
  const stored = localStorage.getItem(LS.locale);
  return isLocale(stored) ? stored : null;
}

/** What a first visit shows: the choice made here before, else the first of the browser's languages we speak. */
export function initialLocale(): Locale {
  return (
    chosenLocale() ?? pickLocale(navigator.languages?.length ? navigator.languages : [navigator.language])
  );
}

async function apply(next: Locale): Promise<void> {
  const nextCatalog = next === 'en' ? EN_CATALOG : await LOADERS[next]();
  locale = next;
  catalog = nextCatalog;
  document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

/** Before the first render: the page appears in its language at once, never English first. */
export function startI18n(): Promise<void> {
  return apply(initialLocale()).catch(() => undefined);
}

/** Switches the interface and remembers the choice in this browser (the account is told by the caller). */
export async function setLocale(next: Locale): Promise<void> {
  localStorage.setItem(LS.locale, next);
  await apply(next);
}

export const currentLocale = (): Locale => locale;

/** A catalog message in the current language. */
export function t(key: string, values?: MessageValues): string {
  return formatMessage(catalog, locale, key, values);
}

/**
 * A spec text the code holds in English (a schema's MSG.required, AUTH_MSG…) in the interface's language, as the
 * server's error path does (server/http/locale.ts inLocale); any other text as it is.
 */
export function inInterfaceLanguage(text: string): string {
  const key = locale === 'en' ? undefined : keyOfText(text);
  return key ? t(key) : text;
}

/** A message with markup: `<b>{email}</b>` and the like, each tag rendered by the function given for it. */
export function rich(
  key: string,
  values: Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>,
): ReactNode {
  const parts = formatParts<ReactNode>(catalog, locale, key, values);
  return createElement(
    Fragment,
    null,
    ...parts.map((part, index) => createElement(Fragment, { key: index }, part)),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language; re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, () => 'en' as Locale);
}

/** `t` for a component, which re-renders in the new language when it changes. */
export function useT(): typeof t {
  useLocale();
  return t;
}
