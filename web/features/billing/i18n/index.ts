import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The plan, checkout, payment history and exchange-rate texts (decision 069). The views take `useT` from here, so
 * the catalogs are registered whenever a view of the feature is loaded (also by the pages that use its checkout
 * or notice); checkout.ts and plan-price.ts take `t` for the texts they build outside React.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, t, useLocale, useT } from '../../../app/i18n';
