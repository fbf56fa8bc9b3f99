import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The help pages' and the support desk's messages (decision 069). Their views take `useT` from here, so the
 * catalogs are registered whenever a view of the feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { inInterfaceLanguage, rich, useLocale, useT } from '../../../app/i18n';
