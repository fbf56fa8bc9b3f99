import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * Lesson notes' messages (issue 37, item 3): the summary and key terms beside the player, and the teacher's
 * editor. Views take `useT` from here, so the catalogs are registered whenever one is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { rich, useT } from '../../../app/i18n';
