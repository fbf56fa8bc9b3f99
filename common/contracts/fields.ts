import { z } from 'zod';
import { MSG } from '../messages';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,15}$/;

/**
 * A required text: empty → 'Please fill this field', spaces only → 'Only space not allowed'. Each stops the
 * later checks so a field reports exactly one message.
 */
export const requiredText = (max = 200) =>
  z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required, abort: true })
    .refine((value) => value.trim().length > 0, { error: MSG.onlySpace, abort: true })
    .refine((value) => value.length <= max, `Please use at most ${max} characters`)
    .transform((value) => value.trim());

export const emailField = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .transform((value) => value.trim().toLowerCase())
  .refine((value) => EMAIL_PATTERN.test(value) && value.length <= 254, MSG.email);

/** A new password: 8-15 characters, one upper case, one lower case and one digit. */
export const newPasswordField = z
  .string({ error: MSG.required })
  .min(1, { error: MSG.required, abort: true })
  .refine((value) => value.length <= 15, MSG.passwordTooLong)
  .refine((value) => value.length > 15 || PASSWORD_PATTERN.test(value), MSG.password);

/** A password being checked against a stored hash: only presence is validated. */
export const existingPasswordField = z.string({ error: MSG.required }).min(1, MSG.required).max(200);
