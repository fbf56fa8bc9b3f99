/**
 * Undoes accidental stringification of nullish values (e.g. `String(null)` saved to a form field or
 * storage): exactly 'null' becomes null and 'undefined' becomes undefined; any other value, including
 * null and undefined themselves, is returned unchanged.
 */
export function parseNullishString<T extends string>(value: T | null | undefined): T | null | undefined {
  if (value === 'null') return null;
  if (value === 'undefined') return undefined;
  return value;
}
