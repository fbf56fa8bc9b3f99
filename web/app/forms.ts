import type { z } from 'zod';
import { ApiError } from './api';

/**
 * Turns a shared zod schema into a Mantine form validator, so the form shows exactly the messages the
 * server would answer with. The first message per field wins.
 */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (key && !(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}

/** Field errors from a server answer, for form.setErrors(). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
