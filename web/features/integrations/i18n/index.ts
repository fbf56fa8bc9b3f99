import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The integrations page's messages: the user's own service keys and their website for embedded gurus (decision
 * 069). Its views take `useT` from here, so the catalogs are registered whenever a view of the feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, useT } from '../../../app/i18n';
