import { IntlMessageFormat } from 'intl-messageformat';
import { GURU_MSG } from '../gurus';
import { AUTH_MSG, MSG, MSG_WITH_VALUES, QUESTION_MSG } from '../messages';
import { SIDE_NAV } from '../navigation';
import { ROLE_LABELS } from '../roles';
import { ROUTES } from '../routes';
import enFile from './en.json' with { type: 'json' };
import { INTL_LOCALES, type Locale } from './locales';
import { isTemplate, type ReadText, TemplateReader, templateMessage } from './message-template';

/**
 * An ICU MessageFormat message: its text (the JSON catalogs, as the server and tests read them) or its syntax tree
 * (as the web build ships them, parsed at build time: web/build/precompiled-catalogs.ts).
 */
export type Message = ConstructorParameters<typeof IntlMessageFormat>[0];
/** A catalog: messages by namespaced key ("auth.login.title"). */
export type Catalog = Readonly<Record<string, Message>>;
export type MessageValues = Record<string, string | number | Date>;

/** A constants object's plain texts under `prefix.` (functions, like MSG.url, are not messages). */
export function keyed(prefix: string, texts: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(texts))
    if (typeof text === 'string') out[`${prefix}.${name}`] = text;
  return out;
}

/** A plain text as a message's syntax tree (one literal), so it reads back word for word without a parser. */
export const literal = (text: string): Message => [{ type: 0, value: text }] as Message;

/** Navigation labels keyed by the label itself ("nav.Course Management"): the spec's list stays in navigation.ts. */
export const navKey = (label: string) => `nav.${label}`;
const NAV_LABELS = [...new Set(Object.values(SIDE_NAV).flatMap((items) => items.map((item) => item.label)))];
/** Page titles keyed by the route's name ("title.Subscribed Courses"): the names stay in routes.ts. */
export const titleKey = (name: string) => `title.${name}`;

/**
 * A keyed constant's text as a message: a template's `{name}` slots become arguments, any other text one literal, so
 * it reads back word for word without a parser.
 */
export const keyedMessage = (text: string): Message =>
  isTemplate(text) ? templateMessage(text) : literal(text);

/** The spec's texts keyed where they live, word for word (not yet ICU-quoted). */
const SPEC_TEXTS: Record<string, string> = {
  ...keyed('msg', MSG),
  ...keyed('msgWithValues', MSG_WITH_VALUES),
  ...keyed('authMsg', AUTH_MSG),
  ...keyed('questionMsg', QUESTION_MSG),
  ...keyed('guru', GURU_MSG),
  ...keyed('role', ROLE_LABELS),
  ...Object.fromEntries(NAV_LABELS.map((label) => [navKey(label), label])),
  ...Object.fromEntries(ROUTES.map((route) => [titleKey(route.name), route.name])),
};

/**
 * The English catalog: en.json plus the spec's texts keyed where they live (MSG, AUTH_MSG, role names, navigation),
 * so common/*.ts stays their single source and no English text is written twice.
 */
export const EN_CATALOG: Catalog = {
  ...Object.fromEntries(Object.entries(SPEC_TEXTS).map(([key, text]) => [key, keyedMessage(text)])),
  ...(enFile as Record<string, Message>),
};

/**
 * The key of an English text the server has in hand (an error thrown with AUTH_MSG.x, a schema's MSG.required), so
 * the error path can answer in the caller's language. Only whole texts without placeholders; the first key wins.
 */
const KEY_OF_TEXT = new Map<string, string>();
for (const [key, text] of [
  ...Object.entries(SPEC_TEXTS),
  ...Object.entries(enFile as Record<string, Message>),
]) {
  // The web build's en.json holds trees, and the browser never needs this map: only texts count.
  if (typeof text === 'string' && !/[{}<]/.test(text) && !KEY_OF_TEXT.has(text)) KEY_OF_TEXT.set(text, key);
}
export const keyOfText = (text: string): string | undefined => KEY_OF_TEXT.get(text);

/** The spec's templates (MSG_WITH_VALUES…), to find the key and values of a text filled from one. */
const SPEC_TEMPLATES = new TemplateReader();
for (const [key, text] of Object.entries(SPEC_TEXTS)) if (isTemplate(text)) SPEC_TEMPLATES.add(key, text);

/** The key (and values) of an English text the code has in hand: a plain catalog text or a filled spec template. */
export function readText(text: string): ReadText | undefined {
  const key = KEY_OF_TEXT.get(text);
  return key ? { key } : SPEC_TEMPLATES.read(text);
}

/**
 * IntlMessageFormat resolves a message's locale through Intl.NumberFormat.supportedLocalesOf, which lists every
 * locale ICU holds: 35–50 ms of a slow phone's first page (measured at 4× CPU in Chromium: 136–198 ms). Ours are
 * fixed, valid tags (INTL_LOCALES), so they are taken as they are.
 */
IntlMessageFormat.resolveLocale = (locales) =>
  typeof Intl.Locale === 'function'
    ? new Intl.Locale(Array.isArray(locales) ? (locales[0] ?? 'en-US') : locales)
    : undefined;

/** What formats a message: IntlMessageFormat, or a plain text's own stand-in. */
type Formatter = Pick<IntlMessageFormat, 'format'>;

/** A message that is one literal (most are: "Log in", "Email") needs no formatter, only its text. */
function plainText(source: Message): string | undefined {
  if (typeof source === 'string') return /[{}<']/.test(source) ? undefined : source;
  if (!Array.isArray(source) || source.some((part) => part.type !== 0)) return undefined;
  return source.map((part) => (part as { value: string }).value).join('');
}

/** Each catalog's messages, made ready on first use. */
const compiled = new WeakMap<Catalog, Map<string, Formatter>>();

/**
 * The formatter of `key`: the catalog's own message, else English's (`english`: EN_CATALOG, or the web app's with its
 * features' catalogs); undefined when neither has the key.
 */
function formatterOf(
  catalog: Catalog,
  locale: Locale,
  key: string,
  english: Catalog = EN_CATALOG,
): Formatter | undefined {
  const from = catalog[key] === undefined ? english : catalog;
  const source = from[key];
  if (source === undefined) return undefined;
  let formats = compiled.get(from);
  if (!formats) {
    formats = new Map();
    compiled.set(from, formats);
  }
  let format = formats.get(key);
  if (!format) {
    const text = plainText(source);
    format =
      text === undefined
        ? new IntlMessageFormat(source, INTL_LOCALES[from === english ? 'en' : locale])
        : ({ format: () => text } as Formatter);
    formats.set(key, format);
  }
  return format;
}

/**
 * A message of `catalog` formatted in `locale`, falling back to English for a key the catalog lacks (the catalog
 * test keeps that from happening) and to the key itself for one no catalog has.
 */
export function formatMessage(
  catalog: Catalog,
  locale: Locale,
  key: string,
  values?: MessageValues,
  english: Catalog = EN_CATALOG,
): string {
  const format = formatterOf(catalog, locale, key, english);
  if (!format) return key;
  const out = format.format(values);
  return Array.isArray(out) ? out.join('') : String(out);
}

/**
 * A message with rich parts: `values` may hold tag functions (`b: (chunks) => …`) and non-text values, and the
 * answer is the list of parts in order, for a view to render (web/app/i18n.ts `rich`).
 */
export function formatParts<T>(
  catalog: Catalog,
  locale: Locale,
  key: string,
  values: Record<string, unknown>,
  english: Catalog = EN_CATALOG,
): (string | T)[] {
  const format = formatterOf(catalog, locale, key, english);
  if (!format) return [key];
  const out = format.format<T>(values as Parameters<typeof format.format<T>>[0]);
  return Array.isArray(out) ? (out as (string | T)[]) : [out as string | T];
}
