import { addEnglish, registerCatalog } from './i18n';

/**
 * The modules' message constants (PLAN_MSG, SUPPORT_MSG, LOGS_MSG…) for a feature that shows a shared schema's
 * message through `inInterfaceLanguage` (decision 070): an English reader loads nothing, a reader of another
 * language loads the modules' English (to read the message back) with its translation. The contracts that catalog
 * is made of would otherwise ride in the page: the plans feature alone added 28 kB of brotli to /pricing.
 * Registered once, however many features ask; module-messages.ts is the eager way, for a feature using the keys.
 */
let registered = false;

export function registerModuleTranslations(): void {
  if (registered) return;
  registered = true;
  registerCatalog(
    {},
    {
      hi: async () => {
        const [modules, hindi] = await Promise.all([
          import('../../common/i18n/module-messages'),
          import('../../common/i18n/module-messages/hi.json'),
        ]);
        addEnglish(modules.MODULE_EN_CATALOG);
        return hindi;
      },
    },
  );
}
