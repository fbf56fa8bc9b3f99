import type { UserObj } from '../../common/contracts/auth';
import { isLocale, type Locale } from '../../common/i18n/locales';
import { api } from './api';
import { chosenLocale, setLocale } from './i18n';
import { readSession } from './storage';

/** Switches the interface and, when logged in, keeps the choice on the account (its e-mails follow it). */
export async function chooseLocale(next: Locale): Promise<void> {
  await setLocale(next);
  if (readSession()) await api('/common/locale', { method: 'PUT', body: { locale: next } });
}

/**
 * After a login: the account's language when it has one; otherwise the one chosen in this browser is kept on the
 * account, so it holds on the next device too (decision 068).
 */
export async function adoptAccountLocale(user: Pick<UserObj, 'locale'>): Promise<void> {
  if (isLocale(user.locale)) {
    await setLocale(user.locale);
    return;
  }
  const chosen = chosenLocale();
  if (chosen) await api('/common/locale', { method: 'PUT', body: { locale: chosen } }).catch(() => undefined);
}
