/**
 * Props for a table's scroll container (`scrollAreaProps`): a table wider than the screen scrolls inside it, and a
 * keyboard user can reach and scroll it too (axe: scrollable-region-focusable), announced by its name.
 */
export const scrollRegion = (label: string) => ({
  viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label },
});
