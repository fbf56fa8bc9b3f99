import { registerCatalog } from '../../../app/i18n';
import en from './en.json';

/**
 * The /sso page's messages (decision 073): why a sign-in stopped, and linking an existing account. Kept out of the
 * core catalog, which every page downloads; the login page's buttons use the core's few auth.sso.* texts.
 */
registerCatalog(en, { hi: () => import('./hi.json') });

export { useT } from '../../../app/i18n';
