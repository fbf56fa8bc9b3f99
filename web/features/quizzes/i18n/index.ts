import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The quizzes' messages: authoring, taking and marking (decision 069). Their views take `useT` from here, so the
 * catalogs are registered whenever a view of the feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, t, useLocale, useT } from '../../../app/i18n';
