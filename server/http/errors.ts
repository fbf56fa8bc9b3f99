import { englishOf, said, type Text } from '../i18n/said';

/** Stable error codes and their HTTP statuses; the client maps codes to fields and toasts. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  INVALID_PDF: 400,
  INVALID_FILE: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  ACCOUNT_INACTIVE: 403,
  /** The person's institute signs them in through its own issuer (decision 073). */
  SSO_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOKEN_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A service Gurukul calls for the user (an LMS's roster) did not answer as it should. */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  /** The message and field messages as given (a Said is answered in the caller's language, decision 070). */
  readonly said: Text;
  readonly fieldsSaid?: Record<string, Text>;
  /** The field messages in English (what tests and logs read). */
  readonly fields?: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    message: Text,
    fields?: Record<string, Text>,
    /** For RATE_LIMITED: when to try again, sent as the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(englishOf(message));
    this.status = ERROR_STATUS[code];
    this.said = message;
    this.fieldsSaid = fields;
    this.fields = fields && mapValues(fields, englishOf);
  }
}

const mapValues = <T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));

export const unauthenticated = (message: Text = said('server.http.loginRequired')) =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message: Text = said('server.http.forbidden')) =>
  new AppError('FORBIDDEN', message);
export const notFound = (message: Text = said('server.http.notFound')) => new AppError('NOT_FOUND', message);
export const badRequest = (message: Text, fields?: Record<string, Text>) =>
  new AppError('VALIDATION', message, fields);
export const conflict = (message: Text, fields?: Record<string, Text>) =>
  new AppError('CONFLICT', message, fields);
