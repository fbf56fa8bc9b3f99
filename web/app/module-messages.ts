import { MODULE_EN_CATALOG } from '../../common/i18n/module-messages';
import { registerCatalog } from './i18n';

/**
 * The modules' message constants (LIBRARY_MSG, REFERRAL_MSG, SUPPORT_MSG…, keyed where they live as `libraryMsg.*`
 * and so on), registered by a feature that names one by its key (`t('libraryMsg.busy')`): the English at once, like
 * a feature's own catalog. A feature that only shows a constant's English in the reader's language registers
 * module-translations.ts instead, which weighs nothing for an English reader. Registered once, however many ask.
 */
let registered = false;

export function registerModuleMessages(): void {
  if (registered) return;
  registered = true;
  registerCatalog(MODULE_EN_CATALOG, { hi: () => import('../../common/i18n/module-messages/hi.json') });
}
