import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The live guru session's messages (decision 069); the guru's own replies come from the server, and the spec's
 * GURU_MSG texts are the core's `guru.*`. Its views take `useT` from here, so the catalogs are registered whenever
 * a view of the feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { inInterfaceLanguage, rich, useT } from '../../../app/i18n';
