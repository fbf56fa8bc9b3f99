import { createRoot } from 'react-dom/client';

/** Renders the embedded guru (its own chunk: the app's visitors never download it). */
export async function mountEmbed(container: HTMLElement, guruId: string): Promise<void> {
  const { EmbedRoot } = await import('./embed-root');
  createRoot(container).render(<EmbedRoot guruId={guruId} />);
}
