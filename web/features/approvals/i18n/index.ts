import { registerCatalog } from '../../../app/i18n';
import { registerModuleTranslations } from '../../../app/module-translations';
import en from './en.json';

/**
 * The approvals pages' messages (decision 069). Their views take `useT` from here, so the catalogs are registered
 * whenever a view of the feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });
// The shared contracts' messages its forms show (PLAN_MSG, SUPPORT_MSG…) are keyed where they live: decision 070.
registerModuleTranslations();

export { rich, useLocale, useT } from '../../../app/i18n';
