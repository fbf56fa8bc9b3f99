import { z } from 'zod';
import { MSG } from '../messages';

/**
 * A number typed into a form (number or numeric text) checked with the §5 texts:
 * empty → 'Please fill this field', not a number → 'Enter a valid number in range',
 * negative, zero (unless allowed), decimals (unless allowed) and the maximum with its own text.
 */
export function numberField(options: {
  max: number;
  maxMessage: string;
  allowZero?: boolean;
  integer?: boolean;
}) {
  return (
    z
      .union([z.number(), z.string()], { error: MSG.required })
      .transform((value, ctx) => {
        if (typeof value === 'string' && value.trim() === '') {
          ctx.addIssue({ code: 'custom', message: MSG.required });
          return z.NEVER;
        }
        const n = typeof value === 'number' ? value : Number(value);
        if (!Number.isFinite(n)) {
          ctx.addIssue({ code: 'custom', message: MSG.numberRange });
          return z.NEVER;
        }
        return n;
      })
      .refine((n) => n >= 0, { message: MSG.negative, abort: true })
      .refine((n) => options.allowZero !== false || n !== 0, { message: MSG.zero, abort: true })
      .refine((n) => !options.integer || Number.isInteger(n), { message: MSG.decimal, abort: true })
      // The spec's maximum is allowed; anything above it gets the spec's "less than" text.
      .refine((n) => n <= options.max, { message: options.maxMessage, abort: true })
      .refine((n) => options.integer || Math.abs(Math.round(n * 100) - n * 100) < 1e-6, MSG.decimalPlaces)
  );
}
