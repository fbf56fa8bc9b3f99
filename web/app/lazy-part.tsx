import { type ComponentType, createElement, lazy, useState } from 'react';
import { catalogsReady } from './i18n';

/**
 * A part of a public page whose code loads after the page's own (React.lazy): the home page's course shelf, the
 * catalogue's course drawer. A page the browser draws shows without it first.
 *
 * A page the server drew holds the part already, in the language it was drawn in. React takes such a part over
 * only once its code is here, and a part whose code (or whose feature's messages) arrives after the reader switched
 * the language would find no messages of the drawn language to match the HTML with (React #418). So the server
 * names the parts each drawing holds (`drawingParts`), and the browser loads them and their messages before
 * hydrating (`loadDrawnParts`); React still takes a part inside `<Suspense>` over after the rest, in the drawn
 * language (`drawnMessages` in ./i18n.ts). Decision 082.
 */

// biome-ignore lint/suspicious/noExplicitAny: a registry of every part's component, whatever its props
type AnyComponent = ComponentType<any>;

/** Each part's loader, by its name (registered as the page's module loads). */
const loaders = new Map<string, () => Promise<AnyComponent>>();
/** Parts whose code has arrived. */
const loaded = new Map<string, AnyComponent>();
/** On the server, the parts the drawing under way renders (drawings are made one at a time, entry-server.tsx). */
let drawing: Set<string> | null = null;

/** A part named `name` (unique across the app), loaded by `load` the first time it is drawn. */
export function lazyPart<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const loadOnce = async () => {
    const component = loaded.get(name) ?? (await load());
    loaded.set(name, component);
    return component;
  };
  loaders.set(name, loadOnce);
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  function Part(props: P) {
    drawing?.add(name);
    // Chosen once per place on the page: switching from the lazy wrapper to the component later would remount it.
    const [component] = useState(() => loaded.get(name) as ComponentType<P> | undefined);
    return createElement(component ?? (Lazy as unknown as ComponentType<P>), props);
  }
  Part.displayName = `LazyPart(${name})`;
  return Part;
}

/** Server: draws with `draw` and names the parts the drawing holds. */
export async function drawingParts<T>(draw: () => Promise<T>): Promise<{ drawn: T; parts: string[] }> {
  drawing = new Set();
  try {
    const drawn = await draw();
    return { drawn, parts: [...drawing] };
  } finally {
    drawing = null;
  }
}

/**
 * Browser: loads the parts a drawing holds (the page's module registered them) and their features' messages in
 * the current language. A part that fails to load is left to React.lazy, which tries again as the page draws.
 */
export async function loadDrawnParts(names: readonly string[]): Promise<void> {
  await Promise.all(
    names.map((name) =>
      loaders
        .get(name)?.()
        .catch(() => undefined),
    ),
  );
  await catalogsReady();
}
