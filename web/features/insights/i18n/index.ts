import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The insights panel's messages (decision 069). Its views take `useT` from here, so the catalogs are registered
 * whenever a view of the feature is loaded; format.ts takes `t` for the texts it builds outside React.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, t, useT } from '../../../app/i18n';
