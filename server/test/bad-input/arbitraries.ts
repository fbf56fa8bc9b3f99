import fc from 'fast-check';
import { z } from 'zod';

/** The subset of JSON Schema that `z.toJSONSchema` produces and the generators below read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
}

/** A route's zod schema (body, querystring or params) as the JSON Schema of its input; {} when absent. */
export function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!schema || typeof schema !== 'object') return {};
  if (!('_zod' in schema)) return schema as JsonSchema;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Strings that have broken servers: traversal, NUL, lone surrogates, right-to-left marks, prototype keys. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '👩‍👩‍👧‍👦🇮🇳',
  'ಕನ್ನಡ हिन्दी',
  '../../../../etc/passwd',
  '..\\..\\windows',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '$' + '{7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  '0x1F',
  '2026-02-30T25:61:61Z',
  'http://127.0.0.1:9/',
  'javascript:alert(1)',
  '%00%2e%2e%2f',
];

/** Days that are not on the calendar (PostgreSQL refuses them; Date.parse rolls them over). */
export const IMPOSSIBLE_DATES = [
  '2026-02-31',
  '2026-13-01',
  '2026-00-10',
  '2025-02-29',
  '0000-00-00',
  '0000-01-01',
  '9999-12-31',
  '0001-01-01T00:00:00Z',
  '2026-02-31T10:00:00Z',
  '2026-04-31T25:00:00+05:30',
];

/**
 * Query pairs sent raw, as no client library would encode them: malformed percent-encoding in names and values
 * (issue 30: `?a%=1` stopped the server from inside the request logger), encoded NUL and half surrogates.
 */
const RAW_QUERY_PAIRS = ['%', 'a%=1', '%zz=%', 'q=%E0%A4', 'q=%ED%A0%80', '%00=%00', '=', '%%=%%25%'];

/** The marker every planted secret carries: it must never reach a log line (checked by the suite). */
export const PLANTED_MARKER = 'FUZZSECRET';
/** Secrets planted in query strings in the forms that reached the logs in issue 30, and their neighbours. */
const PLANTED_PAIRS = [
  `pass=${PLANTED_MARKER}1`,
  `pw=${PLANTED_MARKER}2`,
  `passphrase=${PLANTED_MARKER}3`,
  `bearer=${PLANTED_MARKER}4`,
  `sid=${PLANTED_MARKER}5`,
  `pin=${PLANTED_MARKER}6`,
  `refresh=${PLANTED_MARKER}7`,
  `dsn=${PLANTED_MARKER}8`,
  `smtp_url=${PLANTED_MARKER}9`,
  `q=password%3A${PLANTED_MARKER}10`,
  `q=Bearer%20${PLANTED_MARKER}11`,
  `next=postgres%3A%2F%2Fu%3A${PLANTED_MARKER}12%40db%2Fx`,
  `%70assword=${PLANTED_MARKER}13`,
  `user[password]=${PLANTED_MARKER}14`,
];

/** Huge strings stay under the 1 MB body limit so they reach validation rather than the size check. */
const HUGE_STRINGS = ['x'.repeat(10_001), 'é'.repeat(70_000), '🙂'.repeat(40_000)];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

/** Any JSON value a careless or hostile client might send in place of a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  nastyString,
  fc.constantFrom(0, -1, -0.5, 1.5, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, true, false),
  fc.constantFrom([], {}, [null], { __proto__: { admin: true } }, { constructor: { prototype: {} } }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2000 }).map((items) => items),
);

/** A value of roughly the schema's shape: right types, but lengths and ranges are pushed to their edges. */
export function plausibleValue(schema: JsonSchema, ids: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return hostileValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((option) => plausibleValue(option, ids, depth + 1)));
  if (schema.allOf?.length) return plausibleValue(schema.allOf[0], ids, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), nastyString);
      if (schema.format === 'date-time' || schema.format === 'date') {
        return fc.oneof(
          fc
            .date({ noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, schema.format === 'date' ? 10 : 24)),
          fc.constantFrom(...IMPOSSIBLE_DATES),
        );
      }
      // A day written as a pattern (\d{4}-\d{2}-\d{2}) is as likely to be off the calendar.
      if (schema.pattern?.includes('\\d{4}-')) return fc.constantFrom(...IMPOSSIBLE_DATES, '2026-01-05');
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 200) }),
        fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: 30 }),
        nastyString,
      );
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.integer({ min: -1000, max: 100_000 }),
        fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 0, 0, -1, 2 ** 31, 1e15),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausibleValue(schema.items ?? {}, ids, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: 6,
      });
    case 'object':
      return objectOf(schema, ids, depth);
    default:
      return hostileValue;
  }
}

/** An object with the schema's keys; each field is plausible, absent, or hostile, plus an unknown key now and then. */
function objectOf(schema: JsonSchema, ids: readonly string[], depth: number): fc.Arbitrary<unknown> {
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return fc.dictionary(nastyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  const fields = Object.fromEntries(
    entries.map(([key, field]) => [
      key,
      fc.oneof(
        { weight: 4, arbitrary: plausibleValue(field, ids, depth + 1) },
        { weight: 1, arbitrary: hostileValue },
      ),
    ]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(
        fc.tuple(fc.constantFrom('__proto__', 'constructor', 'id', 'ownerId', 'userType'), hostileValue),
      ),
    )
    .map(([record, extra]) => {
      const out: Record<string, unknown> = { ...record };
      if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true });
      return out;
    });
}

/** A whole body: shaped by the schema most of the time, otherwise any JSON at all. */
export function bodyValue(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: plausibleValue(schema, ids) },
    { weight: 2, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.jsonValue() },
  );
}

/** A query string: the schema's keys with plausible or hostile text, repeated keys, and unknown keys. */
export function queryString(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<string> {
  const keys = Object.keys(schema.properties ?? {});
  const key = keys.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: nastyString })
    : nastyString;
  const value = fc.oneof(
    nastyString,
    fc.constantFrom(...ids),
    fc.integer().map(String),
    ...keys.map((name) => plausibleValue(schema.properties?.[name] ?? {}, ids).map(asText)),
  );
  const pair = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(key, value).map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY_PAIRS) },
    { weight: 1, arbitrary: fc.constantFrom(...PLANTED_PAIRS) },
  );
  return fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('&'));
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes out as its raw UTF-8 bytes. */
export function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Path segments that are not the id a route expects; some are left raw (bad percent-encoding, dots). */
const BAD_SEGMENTS = [
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  '%ZZ',
  '%',
  'null',
  'undefined',
  '0',
  '-1',
  '1.5',
  'not-a-uuid',
  '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5',
  '6F1C1A5E-8A3B-4C6E-9D2F-0A1B2C3D4E5F',
  '00000000-0000-0000-0000-000000000000',
  encodeURIComponent("1' or '1'='1"),
  encodeURIComponent('ಕನ್ನಡ'),
  'a'.repeat(5000),
];

/** A path parameter: a real id of the right kind most often (so handlers run), else something broken. */
export function pathSegment(realIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: realIds.length ? 4 : 0,
      arbitrary: realIds.length ? fc.constantFrom(...realIds) : fc.constant(''),
    },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: fc.constantFrom(...BAD_SEGMENTS) },
    { weight: 1, arbitrary: nastyString.map(encodeLoosely) },
  );
}
