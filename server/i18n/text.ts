import type { MessageValues } from '../../common/i18n/catalog';
import type { ServerKey } from './catalog';

/**
 * A server text named by its key, with its values (decision 070): an error carries it so the answer is written in
 * the caller's language, while `english` is what the logs and English callers read.
 */
export interface Said {
  readonly key: ServerKey;
  readonly values?: MessageValues;
  readonly english: string;
}

/** A text as the caller reads it: a plain string (a shared constant, a message from elsewhere) or a Said. */
export type Text = string | Said;
