import { createElement, Fragment, type ReactNode, useSyncExternalStore } from 'react';
import {
  type Catalog,
  EN_CATALOG,
  formatMessage,
  formatParts,
  type MessageValues,
  readText,
} from '../../common/i18n/catalog';
import { isLocale, type Locale, pickLocale } from '../../common/i18n/locales';
import { TemplateReader } from '../../common/i18n/message-template';
import { LOCALE_COOKIE } from '../../common/server-drawn';
import { LS } from './storage';

/**
 * The interface language (decision 068). English ships in the first download; another language's catalog is a chunk
 * of its own, fetched only for those who read it. The choice lives in local storage (kept across logouts) and, when
 * logged in, on the account; without a choice the browser's languages decide.
 *
 * A feature keeps its own catalogs (`web/features/<name>/i18n/en.json`, `hi.json`, decision 069) and registers them
 * from its `i18n/index.ts` when its page loads: its English rides in the page's chunk, its Hindi is fetched then,
 * and the router waits for it (catalogsReady), so neither the first download nor a Hindi reader's first paint
 * pays for screens not yet opened.
 */
type Loader = () => Promise<{ default: Catalog }>;
type OtherLocale = Exclude<Locale, 'en'>;
const LOADERS: Record<OtherLocale, Loader> = {
  hi: () => import('../../common/i18n/hi.json'),
};

/** English: the core catalog and every registered feature's. */
const english: Record<string, Catalog[string]> = { ...EN_CATALOG };
/** The registered features' loaders of the other languages. */
const featureLoaders: Partial<Record<OtherLocale, Loader>>[] = [];
/** Feature catalogs being fetched for the current language. */
const pending = new Set<Promise<void>>();

let locale: Locale = 'en';
let catalog: Catalog = english;
const listeners = new Set<() => void>();

/** What a component renders its texts from: `useT`'s `t` and `useLocale`'s language, as of one moment. */
interface Messages {
  readonly locale: Locale;
  readonly t: typeof t;
}

function messagesNow(): Messages {
  const [atLocale, atCatalog] = [locale, catalog];
  return {
    locale: atLocale,
    t: (key, values) => formatMessage(atCatalog, atLocale, key, values, english),
  };
}

/** Replaced whenever the messages change (a language switched, a feature's catalog arrived): useT re-renders. */
let messages = messagesNow();

/**
 * Browser: the messages of the language a page the server drew was drawn in (decision 082). React reads them
 * whenever it takes a part of that page over, which for a part inside `<Suspense>` is after the rest, when the reader
 * may have switched the language already: read in the new one, its text would not match the HTML (#418). Taken over
 * in the drawn language, it then re-renders in the current one as every other component does.
 */
let drawnMessages: Messages | null = null;

function notify(): void {
  messages = messagesNow();
  for (const listener of listeners) listener();
}

/**
 * Registered features' plain texts (a module's constants, such as SUPPORT_MSG, keyed where they live) by their
 * English: a schema's message from one of them is shown in the reader's language like the core's (below).
 */
const keyOfRegisteredText = new Map<string, string>();
/** Registered features' templates (a module's `{name}` texts, such as PLAN_MSG.duplicatePrice), read back likewise. */
const registeredTemplates = new TemplateReader();

/** The English of a message that is one literal (a keyed constant's text), else undefined. */
function plainText(message: Catalog[string]): string | undefined {
  if (typeof message === 'string') return /[{}<]/.test(message) ? undefined : message;
  if (Array.isArray(message) && message.length === 1) {
    const [only] = message as { type: number; value?: unknown }[];
    if (only?.type === 0 && typeof only.value === 'string') return only.value;
  }
  return undefined;
}

/** The `{name}` template of a message made only of literals and simple arguments (a keyed template), else undefined. */
function templateText(message: Catalog[string]): string | undefined {
  if (!Array.isArray(message)) return undefined;
  const parts = message as { type: number; value?: unknown }[];
  if (!parts.some((part) => part.type === 1)) return undefined;
  let text = '';
  for (const part of parts) {
    if (typeof part.value !== 'string' || (part.type !== 0 && part.type !== 1)) return undefined;
    text += part.type === 1 ? `{${part.value}}` : part.value;
  }
  return text;
}

/**
 * English messages to fall back on and to read back (`inInterfaceLanguage`): a feature's catalog as it registers, or
 * one that only readers of other languages need, as their language arrives (web/app/module-translations.ts).
 */
export function addEnglish(en: Catalog): void {
  Object.assign(english, en);
  for (const [key, message] of Object.entries(en)) {
    const text = plainText(message);
    if (text !== undefined && !keyOfRegisteredText.has(text)) keyOfRegisteredText.set(text, key);
    const template = text === undefined ? templateText(message) : undefined;
    if (template !== undefined) registeredTemplates.add(key, template);
  }
}

/** A feature's catalogs: its English at once, the current language's fetched (await catalogsReady for it). */
export function registerCatalog(en: Catalog, others: Partial<Record<OtherLocale, Loader>>): void {
  addEnglish(en);
  featureLoaders.push(others);
  if (locale === 'en') return;
  const loader = others[locale];
  if (!loader) return;
  const into = catalog as Record<string, Catalog[string]>;
  const load: Promise<void> = loader()
    .then((module) => {
      Object.assign(into, module.default);
      notify();
    })
    .catch(() => undefined)
    .finally(() => pending.delete(load));
  pending.add(load);
}

/** Resolves once every registered feature's catalog of the current language has arrived (or failed: English then). */
export async function catalogsReady(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}

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

/** A language's whole catalog: the core's and every registered feature's (English is always at hand). */
export async function loadCatalog(next: Locale): Promise<Catalog> {
  if (next === 'en') return english;
  const parts = [await LOADERS[next]()];
  // A feature registered while these load is fetched too, so the switch misses none.
  for (let done = 0; done < featureLoaders.length; ) {
    const batch = featureLoaders.slice(done);
    done = featureLoaders.length;
    parts.push(
      ...(await Promise.all(batch.map((others) => others[next]?.() ?? Promise.resolve({ default: {} })))),
    );
  }
  return Object.assign({}, ...parts.map((part) => part.default));
}

/**
 * Makes a loaded catalog the one every `t` reads, at once. The server draws a page synchronously right after
 * (web/entry-server.tsx), so one page's language never leaks into another's.
 */
export function installCatalog(next: Locale, nextCatalog: Catalog): void {
  locale = next;
  catalog = nextCatalog;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  notify();
}

const YEAR_S = 365 * 24 * 3600;

/** The language chosen here, for the server to draw public pages in (decision 071). */
function rememberForServer(next: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phones' browsers
  document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${YEAR_S}; samesite=lax`;
}

async function apply(next: Locale): Promise<void> {
  installCatalog(next, await loadCatalog(next));
}

/** Before the first render: the page appears in its language at once, never English first. */
export function startI18n(): Promise<void> {
  const chosen = chosenLocale();
  if (chosen) rememberForServer(chosen);
  return apply(initialLocale()).catch(() => undefined);
}

/**
 * Before hydrating a page the server drew: its language first, so the first render matches the HTML; the
 * reader's own choice (if another) follows right after hydration (`startI18n`).
 */
export async function startI18nAs(drawnIn: Locale): Promise<void> {
  await apply(drawnIn).catch(() => undefined);
  drawnMessages = messages;
}

/** Switches the interface and remembers the choice in this browser (the account is told by the caller). */
export async function setLocale(next: Locale): Promise<void> {
  localStorage.setItem(LS.locale, next);
  rememberForServer(next);
  await apply(next);
}

export const currentLocale = (): Locale => locale;
const currentMessages = () => messages;
/** What React reads while it takes over a drawn page (on the server: what it draws in, the current messages). */
const takeOverMessages = () => drawnMessages ?? messages;

/** A catalog message in the current language. */
export function t(key: string, values?: MessageValues): string {
  return formatMessage(catalog, locale, key, values, english);
}

/**
 * A spec text the code holds in English (a schema's MSG.required, AUTH_MSG…, or a registered feature's constant such
 * as SUPPORT_MSG) in the interface's language, as the server's error path does (server/http/locale.ts inLocale);
 * any other text as it is.
 */
export function inInterfaceLanguage(text: string): string {
  if (locale === 'en') return text;
  const registered = keyOfRegisteredText.get(text);
  const read = readText(text) ?? (registered ? { key: registered } : registeredTemplates.read(text));
  return read ? t(read.key, read.values) : text;
}

/** A message with markup: `<b>{email}</b>` and the like, each tag rendered by the function given for it. */
export function rich(
  key: string,
  values: Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>,
): ReactNode {
  const parts = formatParts<ReactNode>(catalog, locale, key, values, english);
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
  return useSyncExternalStore(subscribe, currentMessages, takeOverMessages).locale;
}

/**
 * `t` for a component, which re-renders in the new language when it changes. While React takes over a page the
 * server drew it reads the drawn language (`drawnMessages`), so a render always reads one language throughout.
 */
export function useT(): typeof t {
  return useSyncExternalStore(subscribe, currentMessages, takeOverMessages).t;
}
