import type { Said } from '../../../i18n/said';

/**
 * A file no question can be read from (not XML, a broken zip, no question at all): nothing is saved, and the
 * teacher is told why, with the line or item where the reading stopped. The route answers it as 400 INVALID_FILE.
 */
export class BankUnreadable extends Error {
  constructor(readonly reason: Said) {
    super(reason.english);
    this.name = 'BankUnreadable';
  }
}
