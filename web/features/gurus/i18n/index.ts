import { registerCatalog } from '../../../app/i18n';
import { registerModuleTranslations } from '../../../app/module-translations';
import en from './en.json';

/**
 * The gurus' pages' messages (the list, building and training a guru, its avatars, the getting-started checklist;
 * decision 069). Its views take `useT` from here, so the catalogs are registered whenever a view of the feature is
 * loaded; `t` serves its calls outside React.
 */
registerCatalog(en, { hi: () => import('./hi.json') });
// The shared contracts' messages its forms show (PLAN_MSG, SUPPORT_MSG…) are keyed where they live: decision 070.
registerModuleTranslations();

export { rich, t, useT } from '../../../app/i18n';
