import { registerCatalog } from '../../../app/i18n';
import { registerModuleMessages } from '../../../app/module-messages';
import en from './en.json';

/**
 * The course library's messages (decision 069). Its views and hooks take `useT` (or `t`, outside React) from here,
 * so the catalogs are registered whenever a part of the feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });
// The spec's library messages (LIBRARY_MSG) are keyed where they live, as `libraryMsg.*`, with the other modules'.
registerModuleMessages();

export { rich, t, useT } from '../../../app/i18n';
