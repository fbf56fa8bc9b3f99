import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The public static pages' messages (decision 069; the home page's live in the core catalog, needed on the first
 * paint). Their views take `useT` from here, so the catalogs are registered whenever one of them is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, useT } from '../../../app/i18n';
