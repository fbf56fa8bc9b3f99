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
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
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
  return fc
    .array(fc.tuple(key, value), { maxLength: 6 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`).join('&'));
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
