import { fill } from './i18n/message-template';

/**
 * Texts of our own with values, filled in English where a schema is built (`fill`) and read back in the reader's
 * language (decision 070): keyed in the core catalog as `msgWithValues.*`.
 */
export const MSG_WITH_VALUES = {
  atMostCharacters: 'Please use at most {max} characters',
  url: 'Please enter a valid URL (e.g., {host})',
} as const;

/** "Please use at most 200 characters": the one length message of every text field. */
export const atMostCharacters = (max: number) => fill(MSG_WITH_VALUES.atMostCharacters, { max });

/** Validation and error texts of SPEC §5 and §8, word for word. */
export const MSG = {
  required: 'Please fill this field',
  selectOption: 'Please select an option',
  email: 'Please enter valid email address',
  password: 'Please use 8-15 characters with a mix of at least 1 uppercase, 1 lowercase, & 1 digit',
  terms: 'Please accept to our terms and conditions',
  url: (host: string) => fill(MSG_WITH_VALUES.url, { host }),
  negative: 'Negative value is not allowed',
  zero: 'Zero value is not allowed',
  max10Million: 'Value should be less than 1,00,00,000',
  max10Thousand: 'Value Should be less than 10,000',
  percentage: 'Percentage Value should be less than 100',
  passwordTooLong: 'Password should not exceed 15 characters',
  decimal: 'Decimal values are not allowed',
  numberRange: 'Enter a valid number in range',
  onlySpace: 'Only space not allowed',
  fileUrl: 'File URLs are not allowed (e.g. PDF, images, etc.)',
  confirmPassword: 'Confirm Password must match New Password',
  internal: 'Internal Server Error',
  somethingWrong: 'Something went wrong',
  tampered: 'LocalStorage Tampered',
  validDate: 'Please enter a valid date',
  decimalPlaces: 'Please use at most 2 decimal places',
} as const;

/**
 * A question's cross checks (common/contracts/quizzes.ts), texts of our own: keyed in the core catalog so the editor
 * and the server's answers (the CSV import's row reasons) show them in the reader's language.
 */
export const QUESTION_MSG = {
  twoOptions: 'Please add at least two options',
  exactlyOneCorrect: 'Please mark exactly one correct option',
  oneCorrect: 'Please mark at least one correct option',
  acceptedAnswer: 'Please add at least one accepted answer',
  negativeOverMarks: 'Negative marks cannot be more than the marks',
  courseVideo: 'Please choose a video of this course',
  answerTooLong: 'Your answer is too long',
} as const;

/** Texts of our own for flows the spec leaves open (see docs/decisions/003-auth-texts.md). */
export const AUTH_MSG = {
  invalidLogin: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  notVerified: 'Please verify your email address before logging in. We have sent you a new link.',
  inactive: 'Your account has been deactivated. Please contact support.',
  tooManyAttempts: 'Too many failed attempts. Please wait a few minutes and try again.',
  linkInvalid: 'This link is invalid or has expired. Please request a new one.',
  sessionExpired: 'Your session has expired. Please log in again.',
  wrongCurrentPassword: 'Current password is incorrect',
  samePassword: 'New password must be different from the current password',
  userOrEmail: 'Give either a user id or an email',
  developerAccessPending:
    "Your developer access is waiting for an admin's approval. The logs and the mail outbox open once it is granted.",
} as const;
