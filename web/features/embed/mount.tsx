import { createRoot } from 'react-dom/client';
// From the app's layer, not ./i18n: this module is in the entry, the embed's catalogs load with its own chunk.
import { catalogsReady, startI18n } from '../../app/i18n';

/**
 * Renders the embedded guru (its own chunk: the app's visitors never download it), in the visitor's language as the
 * app chooses it (decision 068): the Hindi catalogs arrive before the first render, so no English shows first.
 */
export async function mountEmbed(container: HTMLElement, guruId: string): Promise<void> {
  const [{ EmbedRoot }] = await Promise.all([import('./embed-root'), startI18n()]);
  await catalogsReady();
  createRoot(container).render(<EmbedRoot guruId={guruId} />);
}
