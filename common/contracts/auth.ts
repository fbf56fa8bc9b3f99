import { z } from 'zod';
import { AUTH_MSG, MSG } from '../messages';
import { PLAN_MODULES } from '../plans';
import { SIGN_UP_ROLES, USER_TYPES } from '../roles';
import { emailField, existingPasswordField, newPasswordField, requiredText } from './fields';
import { chosenLocale } from './locale';

/**
 * The "Confirm Password" check, kept apart from the other fields: an object refinement is skipped while any
 * field is invalid (an empty name aborts), which hid the mismatch until everything else was filled in. As
 * its own half of an intersection it runs on every change, like the other messages (SPEC §5). Missing or
 * non-string values are left to the fields' own messages.
 */
const confirmMatches = <K extends 'password' | 'newPassword'>(key: K) =>
  z
    .object({ [key]: z.unknown().optional(), confirmPassword: z.unknown().optional() } as Record<
      K | 'confirmPassword',
      z.ZodOptional<z.ZodUnknown>
    >)
    .refine(
      (value) => {
        const values = value as Record<string, unknown>;
        const [first, second] = [values[key], values.confirmPassword];
        return typeof first !== 'string' || typeof second !== 'string' || first === second;
      },
      { path: ['confirmPassword'], message: MSG.confirmPassword },
    );

export const signUpSchema = z
  .object({
    fullName: requiredText(100),
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string({ error: MSG.required }).min(1, MSG.required),
    userType: z.enum(SIGN_UP_ROLES, { error: MSG.selectOption }),
    terms: z.literal(true, { error: MSG.terms }),
    /** The language the visitor chose or their browser prefers, kept on the account (decision 068). */
    locale: chosenLocale.optional(),
  })
  .and(confirmMatches('password'));
export type SignUpInput = z.input<typeof signUpSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: existingPasswordField,
  isRemember: z.boolean().default(false),
  shareToken: z.string().max(200).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const tokenSchema = z.object({ token: z.string().min(10).max(200) });

export const requestResetSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(10).max(200),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: MSG.required }).min(1, MSG.required),
  })
  .and(confirmMatches('newPassword'));

export const changePasswordSchema = z
  .object({
    currentPassword: existingPasswordField,
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: MSG.required }).min(1, MSG.required),
  })
  .and(confirmMatches('newPassword'));
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Switch into an account by id (user lists) or by e-mail (the admin dashboard's quick switch). */
export const impersonateSchema = z
  .object({ userId: z.uuid().optional(), email: emailField.optional() })
  .refine((value) => Boolean(value.userId) !== Boolean(value.email), {
    message: AUTH_MSG.userOrEmail,
  });

/** The user object the login answer carries and the client keeps (SPEC §3). */
export const userObjSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  enrollmentDate: z.string(),
  instituteId: z.string().nullable(),
  isDarkTheme: z.boolean(),
  themeColor: z.string(),
  font: z.string(),
  /** The interface language chosen on the account, '' if never chosen (decision 068). */
  locale: z.string(),
  planName: z.string().nullable(),
  planId: z.string().nullable(),
  isFreeTrial: z.boolean(),
  remainingTrialDays: z.number().nullable(),
  hasProfileImage: z.boolean(),
  hasBrandLogo: z.boolean(),
  /** Modules the plan gives NONE: the side navigation hides them (students and staff have none). */
  hiddenModules: z.array(z.enum(PLAN_MODULES)),
  /** Modules the plan gives PARTIAL: what exists stays usable, the page locks adding more (decision 062). */
  addLockedModules: z.array(z.enum(PLAN_MODULES)),
});
export type UserObj = z.infer<typeof userObjSchema>;

export interface SessionAnswer {
  jwtToken: string;
  userObj: UserObj;
  trialEnded: boolean;
  subscriptionEnded: boolean;
  /** Set while someone switched into this account. */
  impersonatedBy: string | null;
}
