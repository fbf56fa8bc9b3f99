import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The plans' messages: the public pricing page and the admin's plan pricing (decision 069). Its views take `useT`
 * from here, so the catalogs are registered whenever a view of the feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, t, useT } from '../../../app/i18n';
