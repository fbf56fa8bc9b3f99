import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The report pages' messages (decision 069). Its views take `useT` from here, so the catalogs are registered
 * whenever a view of the feature is loaded; api.ts takes `t` for the export's error.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, t, useLocale, useT } from '../../../app/i18n';
