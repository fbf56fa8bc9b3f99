import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The people pages' messages (decision 069): the admin's lists and account pages, an institute's members and the
 * invitation page. Their views take `useT` from here, so the catalogs are registered whenever a view of the
 * feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, useLocale, useT } from '../../../app/i18n';
