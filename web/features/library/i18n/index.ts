import { MODULE_EN_CATALOG } from '../../../../common/i18n/module-messages';
import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The course library's messages (decision 069). Its views and hooks take `useT` (or `t`, outside React) from here,
 * so the catalogs are registered whenever a part of the feature is loaded.
 */
registerCatalog(en, { hi: () => import('./hi.json') });
// The spec's library messages (LIBRARY_MSG) are keyed where they live, as `libraryMsg.*`, with the other modules'.
registerCatalog(MODULE_EN_CATALOG, { hi: () => import('../../../../common/i18n/module-messages/hi.json') });

export { rich, t, useT } from '../../../app/i18n';
