import { registerCatalog } from '../../../app/i18n';
import { registerModuleTranslations } from '../../../app/module-translations';
import en from './en.json';

/**
 * The integrations page's messages: the user's own service keys and their website for embedded gurus (decision
 * 069). Its views take `useT` from here, so the catalogs are registered whenever a view of the feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });
// The shared contracts' messages its forms show (SSO_MSG, LTI_MSG, EMBED_MSG…) are keyed where they live: decision 070.
registerModuleTranslations();

export { rich, useLocale, useT } from '../../../app/i18n';
