import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The meetings' messages: a learner's requests and the teacher's answers (decision 069). Its views take `useT`
 * from here, so the catalogs are registered whenever a view of the feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, t, useT } from '../../../app/i18n';
