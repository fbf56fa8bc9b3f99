import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * Certificates' messages (decision 079): the learner's card and page, the public check, the authors' rules,
 * design and issued list. Views take `useT` from here, so the catalogs are registered whenever one is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, useLocale, useT } from '../../../app/i18n';
