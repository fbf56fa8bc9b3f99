import { MODULE_EN_CATALOG } from '../../common/i18n/module-messages';
import { registerCatalog } from './i18n';

/**
 * The modules' message constants (LIBRARY_MSG, REFERRAL_MSG, SUPPORT_MSG…, keyed where they live as `libraryMsg.*`
 * and so on), registered by a feature that shows one: `inInterfaceLanguage` then finds a constant's text, and the
 * server's answer in the reader's language reads the same. Registered once, however many features ask.
 */
let registered = false;

export function registerModuleMessages(): void {
  if (registered) return;
  registered = true;
  registerCatalog(MODULE_EN_CATALOG, { hi: () => import('../../common/i18n/module-messages/hi.json') });
}
