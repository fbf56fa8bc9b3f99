import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The partner pages' messages (decision 069): the partner's report, the admin's referral programme and rule,
 * and the referral columns of /partners. Its views take `useT` from here, so the catalogs are registered
 * whenever a view of the feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, t, useLocale, useT } from '../../../app/i18n';
