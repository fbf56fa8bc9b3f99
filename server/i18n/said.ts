import type { MessageValues } from '../../common/i18n/catalog';
import { translate } from '../http/locale';
import type { ServerKey } from './catalog';
import type { Said, Text } from './text';

export type { Said, Text } from './text';

/** The server text `key` (server/i18n/en/<module>.json), filled with `values`. */
export function said(key: ServerKey, values?: MessageValues): Said {
  return { key, values, english: translate('en', key, values) };
}

/** The English of a text. */
export const englishOf = (text: Text): string => (typeof text === 'string' ? text : text.english);
