import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The embedded guru's messages (decision 069). Its views take `useT` from here, so the catalogs are registered
 * whenever a view of the feature is loaded; `t` serves its calls outside React (a failed connection's message).
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { inInterfaceLanguage, rich, t, useT } from '../../../app/i18n';
