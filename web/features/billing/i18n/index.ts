import { registerCatalog } from '../../../app/i18n';
import { registerModuleTranslations } from '../../../app/module-translations';
import en from './en.json';

/**
 * The plan, checkout, payment history and exchange-rate texts (decision 069). The views take `useT` from here, so
 * the catalogs are registered whenever a view of the feature is loaded (also by the pages that use its checkout
 * or notice); checkout.ts and plan-price.ts take `t` for the texts they build outside React.
 */
registerCatalog(en, { hi: () => import('./hi.json') });
// A GSTIN's problems (GSTIN_MESSAGES) are keyed where they live: decision 070.
registerModuleTranslations();

export { inInterfaceLanguage, rich, t, useLocale, useT } from '../../../app/i18n';
