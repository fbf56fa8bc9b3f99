import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The auth feature's own messages (decision 073): the /sso page's — why a sign-in stopped, and linking an existing
 * account. Kept out of the core catalog, which every page downloads; the login forms and the single sign-on
 * buttons use the core's texts.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { useT } from '../../../app/i18n';
